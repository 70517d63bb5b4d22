// /mj/image/:id serves a drawing's picture on the console's own origin, so what it sends must be an
// image and nothing a browser could run: the type is read from the bytes (PNG, JPEG, GIF, WebP),
// never taken from the upstream's Content-Type; the size is capped; and the reply carries nosniff,
// a Content-Disposition and a CSP that allows no script (an SVG or HTML "image" is refused).
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { sendUpstream } from '../relay/transport/upstream';
import { UPSTREAM_TIMEOUT_MS } from './task-upstream';

/** Largest picture relayed: Midjourney's upscales are a few MiB. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

export const IMAGE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const SIGNATURES: { type: string; ext: string; test: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    ext: 'gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type the bytes start with, or null for anything else (SVG, HTML, text…). */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | null {
  const found = SIGNATURES.find((signature) => signature.test(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}

class TooLarge extends Error {}

/** Reads the body, giving up (and closing the upstream) past `max` bytes. */
function readCapped(response: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      reject(new TooLarge());
      response.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new TooLarge());
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', reject);
    response.once('aborted', () => reject(new Error('upstream closed the reply')));
  });
}

const refuse = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CSP)
    .send({ code, description });

/** Fetches the upstream picture and sends it as an inert image download-or-view. */
export async function sendImage(
  reply: FastifyReply,
  id: string,
  url: URL,
  max = MAX_IMAGE_BYTES,
): Promise<FastifyReply> {
  let body: Buffer;
  try {
    const upstream = await sendUpstream(
      { url, method: 'GET', headers: {} },
      AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    );
    if ((upstream.statusCode ?? 502) >= 300) {
      upstream.resume();
      return refuse(reply, 502, 'upstream_error', `upstream answered ${upstream.statusCode}`);
    }
    body = await readCapped(upstream, max);
  } catch (error) {
    if (error instanceof TooLarge) return refuse(reply, 502, 'too_large', 'image too large');
    return refuse(reply, 502, 'upstream_error', 'image could not be fetched');
  }
  const image = sniffImage(body);
  if (!image)
    return refuse(reply, 502, 'not_an_image', 'upstream sent something that is not an image');
  const name = `${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || 'image'}.${image.ext}`;
  return reply
    .code(200)
    .header('content-type', image.type)
    .header('content-length', body.length)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('content-security-policy', IMAGE_CSP)
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(body);
}
