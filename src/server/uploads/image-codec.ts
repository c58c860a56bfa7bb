import type Sharp from 'sharp';

// sharp (libvips) costs about 20 MB of memory once loaded: it is loaded with the first image to
// encode (an upload, a share image, the backfill of resized copies), so a server that only serves
// pages never holds it.
let loading: Promise<typeof Sharp> | undefined;

/** The image library, loaded once on first use. */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps up to 50 MB of recent operations' results by default, to speed up repeating the
    // same operation on the same image; an upload is encoded once, so that memory would only stay held.
    sharp.cache(false);
    return sharp;
  }));
}
