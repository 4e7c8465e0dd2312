import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './carousel-uploader.css';
import { documentsCopy } from '@content/documents';
import { CAROUSEL_LIMITS } from '@domain/documents/rules';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import { useEffect, useRef } from 'react';
import { toast } from '~/lib/toast';
import { acceptCarouselImage, failureMessage, getUploadUrl } from './document-api';

/**
 * The carousel image uploader: Uppy's Dashboard (SPEC §5: images only, at most 5 files of
 * 5 MB, no automatic start, Uppy's own restriction messages) uploading each file with one
 * presigned PUT (SPEC §7): POST /api/objects/upload for the URL, the PUT, then
 * PUT /api/carousel-images to have it checked. This module is loaded on demand from the
 * edit dialog, so Uppy never reaches a visitor's browser.
 */
export default function CarouselUploader({ onAccepted }: { onAccepted: (objectPath: string) => void }) {
  const target = useRef<HTMLDivElement>(null);
  const accepted = useRef(onAccepted);
  useEffect(() => {
    accepted.current = onAccepted;
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
        height: 360,
        width: '100%',
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
              description: failureMessage(error, documentsCopy.toasts.uploadParametersFailed),
              variant: 'destructive',
            });
            throw error;
          }
        },
      });

    uppy.on('upload-success', (file, response) => {
      const imageURL = response.uploadURL;
      if (!imageURL) return;
      acceptCarouselImage(imageURL).then(
        (objectPath) => accepted.current(objectPath),
        (error: unknown) => {
          if (file) uppy.setFileState(file.id, { error: failureMessage(error, 'Failed to process uploaded image.') });
          toast({
            title: documentsCopy.toasts.uploadFailed,
            description: failureMessage(error, 'Failed to process uploaded image.'),
            variant: 'destructive',
          });
        },
      );
    });

    return () => uppy.destroy();
  }, []);

  return <div ref={target} className="carousel-uploader" data-testid="carousel-uploader" />;
}
