import { ChevronLeft, ChevronRight, Pause, Play } from '../../components/ui/public-icons';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { BANNER_AUTOPLAY_MS } from '../../../shared/constants';
import type { ResponsiveImage } from '../../../shared/responsive-image';
import { ResponsiveImg } from '../../components/ui/responsive-img';
import { useHydrated } from '../../hydration';
import { directional, inlineSign } from '../../styles/direction.css';
import catalog from '../../i18n/catalogues/en/catalog';
import { useT } from '../../i18n/language';
import * as styles from './banner-carousel.css';

export interface Banner {
  id: number;
  title: string | null;
  image: ResponsiveImage;
  redirectUrl: string;
}

/** Internal paths navigate in the app; http(s) links open in a new tab; anything else is not a link. */
export function bannerTarget(url: string, origin: string): { kind: 'internal'; href: string } | { kind: 'external'; href: string } | null {
  const text = url.trim();
  if (text.startsWith('/') && !text.startsWith('//')) return { kind: 'internal', href: text };
  try {
    const parsed = new URL(text);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (parsed.origin === origin) return { kind: 'internal', href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
    return { kind: 'external', href: parsed.href };
  } catch {
    return null;
  }
}

/**
 * The /browse banner: autoplays every 2 s and loops; pauses on hover, focus or the pause button.
 * A slide's image is drawn once the slide before it has been shown: the page opens with the first
 * banner and the next one, and each turn brings one more. The other slides, which many visitors
 * never see, cost a phone nothing at the first paint (they are lazy, but a carousel's hidden slides
 * lie within the browser's lazy-loading distance, so it fetched four more banners at once).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT(catalog);
  // Right to left, the slides line up leftwards: the track moves the other way.
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const hydrated = useHydrated();
  const count = banners.length;
  const current = Math.min(index, Math.max(0, count - 1));
  // The furthest slide whose image is drawn: the one after the furthest shown.
  const [drawnUpTo, setDrawnUpTo] = useState(1);

  useEffect(() => {
    if (count < 2 || paused || hovered) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, hovered]);

  useEffect(() => setDrawnUpTo((furthest) => Math.max(furthest, current + 1)), [current]);

  if (count === 0) return null;
  // The server does not know the page's origin: links to our own absolute URLs turn internal once hydrated.
  const origin = hydrated ? window.location.origin : '';

  return (
    <section
      className={styles.root}
      aria-roledescription="carousel"
      aria-label={t('catalog.banner.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {/* Slides follow the page's direction: in right-to-left pages the next one is to the left. */}
      <div className={styles.track} style={{ transform: `translateX(calc(${-current * 100}% * ${inlineSign}))` }} aria-live={paused ? 'polite' : 'off'}>
        {banners.map((banner, i) => {
          const target = bannerTarget(banner.redirectUrl, origin);
          const label = banner.title ?? t('catalog.banner.fallbackTitle', { number: i + 1, count });
          const img = i <= drawnUpTo && <ResponsiveImg className={styles.image} image={banner.image} placement="wide" crop load={i === 0 ? 'high' : 'lazy'} alt={banner.title ?? ''} />;
          const hidden = i !== current;
          return (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('catalog.banner.slide', { number: i + 1, count })}
              aria-hidden={hidden}
              inert={hidden}
            >
              {target?.kind === 'internal' ? (
                <Link href={target.href} className={styles.link} aria-label={label}>
                  {img}
                </Link>
              ) : target?.kind === 'external' ? (
                <a href={target.href} className={styles.link} target="_blank" rel="noopener noreferrer" aria-label={t('catalog.banner.newTab', { label })}>
                  {img}
                </a>
              ) : (
                img
              )}
              {banner.title && (
                // The caption keeps the page's direction, so it sits beside the controls, not under them
                // (an English title on the Urdu page ran under them); the title's own text reads in its own.
                <div className={styles.caption} aria-hidden="true">
                  <span dir="auto">{banner.title}</span>
                </div>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.control} disabled={!hydrated} onClick={() => setPaused((p) => !p)} aria-label={paused ? t('catalog.banner.play') : t('catalog.banner.pause')}>
            {paused ? <Play size={16} aria-hidden="true" /> : <Pause size={16} aria-hidden="true" />}
          </button>
          <button type="button" className={styles.control} disabled={!hydrated} onClick={() => setIndex((current - 1 + count) % count)} aria-label={t('catalog.banner.previous')}>
            <ChevronLeft size={18} className={directional} aria-hidden="true" />
          </button>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={styles.dot}
              aria-label={t('catalog.banner.show', { number: i + 1 })}
              aria-current={i === current}
              disabled={!hydrated}
              onClick={() => setIndex(i)}
            />
          ))}
          <button type="button" className={styles.control} disabled={!hydrated} onClick={() => setIndex((current + 1) % count)} aria-label={t('catalog.banner.next')}>
            <ChevronRight size={18} className={directional} aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}
