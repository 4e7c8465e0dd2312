import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { uploadKeyFromUrl } from '../../server/services/documents/carousel-images.ts';
import { asciiFallback, attachmentDisposition, cleanOriginalName, downloadFileName } from '../../server/services/documents/file-name.ts';

describe('download file names', () => {
  it('names a download by the title plus the extension, without path separators or control characters', () => {
    expect(downloadFileName('LNG Trailer Spec Sheet', 'pdf')).toBe('LNG Trailer Spec Sheet.pdf');
    expect(downloadFileName('../../etc/passwd', 'pdf')).toBe('..-..-etc-passwd.pdf');
    expect(downloadFileName('a\u0000b\r\nc: "d" <e>?', 'docx')).toBe('a-b--c- -d- -e--.docx');
    expect(downloadFileName('   ...   ', 'pdf')).toBe('document.pdf');
    expect(downloadFileName('x'.repeat(300), 'pdf')).toHaveLength(154);
  });

  it('writes RFC 6266 Content-Disposition with an ASCII fallback and an RFC 5987 UTF-8 name', () => {
    const name = 'Ficha técnica — GNL 東京.pdf';
    expect(asciiFallback(name)).toBe('Ficha tecnica - GNL __.pdf');
    expect(attachmentDisposition(name)).toBe(
      "attachment; filename=\"Ficha tecnica - GNL __.pdf\"; filename*=UTF-8''Ficha%20t%C3%A9cnica%20%E2%80%94%20GNL%20%E6%9D%B1%E4%BA%AC.pdf",
    );
    expect(attachmentDisposition("it's (final) *.pdf")).toBe(
      "attachment; filename=\"it's (final) *.pdf\"; filename*=UTF-8''it%27s%20%28final%29%20%2A.pdf",
    );
    expect(asciiFallback('say "hi" \\ bye')).toBe('say _hi_ _ bye');
  });

  it('keeps only the base name of an uploaded file, for the admin list', () => {
    expect(cleanOriginalName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanOriginalName('C:\\Users\\me\\Brochure.pdf')).toBe('Brochure.pdf');
    expect(cleanOriginalName('')).toBe('unnamed');
    expect(cleanOriginalName(undefined)).toBe('unnamed');
  });
});

describe('carousel upload URLs', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it.each([
    [`/api/objects/put/uploads/${id}?expires=1&max=2&sig=x`, `uploads/${id}`],
    [`http://127.0.0.1:9000/bucket/uploads/${id}?X-Amz-Signature=abc`, `uploads/${id}`],
    [`https://bucket.s3.eu-west-1.amazonaws.com/uploads/${id}`, `uploads/${id}`],
    [`/api/objects/put/uploads/${id}/../../documents/x.pdf`, null],
    [`/api/objects/put/images/${id}.png`, null],
    ['uploads/not-a-uuid', null],
    ['', null],
  ])('reads the upload key of %j as %j', (url, key) => {
    expect(uploadKeyFromUrl(url)).toBe(key);
  });
});

describe('storage configuration', () => {
  it('keeps files under DATA_DIR/objects by default, with a 5 GiB upload limit (100 MB in one request) and an hourly sweep', () => {
    const config = loadConfig({ DATA_DIR: '/srv/vpv' });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.join('/srv/vpv', 'objects'), urlSecret: null });
    expect(config.uploadMaxBytes).toBe(5_368_709_120);
    expect(config.singleUploadMaxBytes).toBe(104_857_600);
    expect(config.uploadSweepIntervalMs).toBe(3_600_000);
  });

  it('keeps the one-request limit at UPLOAD_MAX_BYTES when that is smaller than 100 MB', () => {
    expect(loadConfig({ UPLOAD_MAX_BYTES: '8192' }).singleUploadMaxBytes).toBe(8192);
    expect(loadConfig({ UPLOAD_MAX_BYTES: String(10 * 1024 ** 3) }).singleUploadMaxBytes).toBe(104_857_600);
  });

  it('switches to S3 when S3_BUCKET is set', () => {
    const config = loadConfig({
      S3_BUCKET: 'vpv-documents',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      UPLOAD_MAX_BYTES: '2048',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'vpv-documents',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(config.uploadMaxBytes).toBe(2048);
  });

  it.each([
    [{ UPLOAD_MAX_BYTES: 'lots' }, /UPLOAD_MAX_BYTES="lots": must be a number/],
    [{ UPLOAD_MAX_BYTES: '10' }, /must be at least 1024 bytes/],
    [{ UPLOAD_MAX_BYTES: String(6 * 1024 ** 4) }, /must be at most 5497558138880 bytes/],
    [{ UPLOAD_SWEEP_INTERVAL_MS: '5' }, /UPLOAD_SWEEP_INTERVAL_MS="5": must be at least 100 ms/],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET=.*must be an S3 bucket name/],
    [{ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE="yes": must be true or false/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT needs S3_BUCKET/],
    [{ S3_BUCKET: 'ok-bucket', AWS_ACCESS_KEY_ID: 'key' }, /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/],
    [{ OBJECT_URL_SECRET: 'short' }, /OBJECT_URL_SECRET=\(hidden\): must have at least 32 characters/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
