import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './carousel-uploader.css';
import { documentsCopy } from '@content/documents';
import { CAROUSEL_LIMITS } from '@domain/documents/rules';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import { useEffect, useRef } from 'react';
import { failureNotice } from '~/lib/api';
import { toast } from '~/lib/toast';
import { acceptCarouselImage, getUploadUrl } from './document-api';

/** The toast's text for an image the server would not take (docs/knowledge-base.md). */
const IMAGE_REFUSED = 'Failed to process uploaded image.';

/** The dashboard is 750 by 550 (docs/knowledge-base.md) where there is room; the stylesheet lets it shrink. */
export const DASHBOARD_SIZE = { width: 750, height: 550 } as const;

export interface CarouselUploaderProps {
  /** The images the server accepted in one upload, in the order the admin chose them. */
  onAccepted: (objectPaths: string[]) => void;
  /** True from the Upload click until every file of it is accepted or refused. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The carousel image uploader: Uppy's Dashboard (docs/knowledge-base.md: images only, at most 5 files of
 * 5 MB, no automatic start, Uppy's own restriction messages) uploading each file with one
 * presigned PUT (docs/documents.md): POST /api/objects/upload for the URL, the PUT, then
 * PUT /api/carousel-images to have it checked. The check runs as Uppy's post-processing
 * step, so an image the server refuses shows as failed in the widget, with the server's
 * message, and is not handed on; the accepted ones are handed on together, in the order
 * they were selected (not the order they finished). This module is loaded on demand from
 * the edit dialog, so Uppy never reaches a visitor's browser.
 */
export default function CarouselUploader({ onAccepted, onBusyChange }: CarouselUploaderProps) {
  const target = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onAccepted, onBusyChange });
  useEffect(() => {
    callbacks.current = { onAccepted, onBusyChange };
  });

  useEffect(() => {
    if (!target.current) return;
    const uppy = new Uppy({
      autoProceed: false,
      restrictions: {
        allowedFileTypes: ['image/*'],
        maxNumberOfFiles: CAROUSEL_LIMITS.maxFiles,
        maxFileSize: CAROUSEL_LIMITS.maxFileBytes,
      },
    })
      .use(Dashboard, {
        inline: true,
        target: target.current,
        ...DASHBOARD_SIZE,
        note: documentsCopy.edit.uploaderNote,
        proudlyDisplayPoweredByUppy: false,
        theme: 'light',
      })
      .use(AwsS3, {
        // One PUT per image: the server's key, not Uppy's (which would carry the file name).
        shouldUseMultipart: false,
        signRequest: async () => {
          try {
            return { url: await getUploadUrl() };
          } catch (error) {
            toast({
              title: documentsCopy.toasts.uploadParametersFailed,
              description: failureNotice(error, documentsCopy.toasts.uploadParametersFailed),
              variant: 'destructive',
            });
            throw error;
          }
        },
      });

    // After the PUTs: have the server check each image, in the order of the upload's files.
    const checkImages = async (fileIDs: string[]) => {
      const accepted: string[] = [];
      let refused: string | null = null;
      for (const fileID of fileIDs) {
        const file = uppy.getFile(fileID);
        if (!file || file.error || !file.uploadURL) continue;
        uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: '' });
        try {
          accepted.push(await acceptCarouselImage(file.uploadURL));
          uppy.emit('postprocess-complete', file);
        } catch (error) {
          refused = failureNotice(error, IMAGE_REFUSED);
          // Failed like a transfer that failed: not complete (so the widget does not say
          // "Upload complete"), its error on the file and in the message bar, and Retry.
          const { postprocess: _checking, complete: _done, ...progress } = uppy.getFile(fileID).progress;
          uppy.setFileState(fileID, { progress: { ...progress, uploadComplete: false } });
          uppy.emit('upload-error', file, Object.assign(new Error(refused), { isUserFacing: true }));
        }
      }
      if (accepted.length > 0) {
        callbacks.current.onAccepted(accepted);
        toast({ title: documentsCopy.toasts.imageUploaded, description: documentsCopy.toasts.imageAdded });
      }
      if (refused) toast({ title: documentsCopy.toasts.uploadFailed, description: refused, variant: 'destructive' });
    };
    uppy.addPostProcessor(checkImages);
    uppy.on('upload', () => callbacks.current.onBusyChange(true));
    uppy.on('complete', () => callbacks.current.onBusyChange(false));
    uppy.on('cancel-all', () => callbacks.current.onBusyChange(false));
    uppy.on('error', () => callbacks.current.onBusyChange(false));

    // The widget's messages and Upload button sit at its foot: bring it into view (issue 16).
    target.current.scrollIntoView({ block: 'nearest' });

    return () => {
      callbacks.current.onBusyChange(false);
      uppy.destroy();
    };
  }, []);

  return <div ref={target} className="carousel-uploader" data-testid="carousel-uploader" />;
}
