import { describe, expect, it } from 'vitest';
import { shopImages } from './shop-images';

const none = { logoUrl: null, profilePictureUrl: null, coverImageUrl: null };

describe('shopImages', () => {
  it('uses the logo as avatar and the cover image as cover when both exist', () => {
    expect(shopImages({ logoUrl: '/l.png', profilePictureUrl: '/p.png', coverImageUrl: '/c.png' })).toEqual({
      avatar: '/l.png',
      cover: '/c.png',
    });
  });

  it('falls back to the profile picture for each', () => {
    expect(shopImages({ ...none, profilePictureUrl: '/p.png' })).toEqual({ avatar: '/p.png', cover: '/p.png' });
    expect(shopImages({ ...none, logoUrl: '/l.png', profilePictureUrl: '/p.png' })).toEqual({ avatar: '/l.png', cover: '/p.png' });
  });

  it('never uses the logo as a cover nor the cover as an avatar', () => {
    expect(shopImages({ ...none, logoUrl: '/l.png', coverImageUrl: '/c.png' })).toEqual({ avatar: '/l.png', cover: '/c.png' });
    expect(shopImages({ ...none, coverImageUrl: '/c.png' })).toEqual({ avatar: null, cover: '/c.png' });
    expect(shopImages(none)).toEqual({ avatar: null, cover: null });
  });
});
