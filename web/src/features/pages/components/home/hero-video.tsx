import { Play } from 'lucide-react';
import { useState } from 'react';
import { t } from '@/i18n/i18n';
import { site } from '@/config/site';

/**
 * The hero video as a click-to-play poster. Until the visitor presses play the
 * page makes no request to the video host (no third-party cookies before
 * consent); the press swaps the poster for the player's iframe, same size.
 */
export function HeroVideo({ src }: { src: string }) {
  const [playing, setPlaying] = useState(false);
  const title = t('home.hero.videoTitle', { company: site.company });
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-gray-900 shadow-xl">
      {playing ? (
        <iframe
          src={src}
          title={t('home.hero.videoFrame', { title })}
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 h-full w-full text-left focus-visible:outline-offset-[-4px]"
        >
          <VideoPoster />
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-dark text-white shadow-lg transition-transform group-hover:scale-110">
              <Play className="ml-1 h-7 w-7" aria-hidden="true" />
            </span>
          </span>
          <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-8 pb-3 text-sm font-semibold text-white">
            {t('home.hero.playVideo', { title })}
          </span>
        </button>
      )}
    </div>
  );
}

/** The poster: our own drawing of a data center skyline under a starry sky. */
function VideoPoster() {
  return (
    <svg
      viewBox="0 0 640 360"
      className="absolute inset-0 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e1b4b" />
          <stop offset="0.6" stopColor="#831843" />
          <stop offset="1" stopColor="#e90076" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill="url(#hero-sky)" />
      <g fill="#fff" opacity="0.8">
        <circle cx="60" cy="40" r="1.5" />
        <circle cx="140" cy="80" r="1" />
        <circle cx="220" cy="30" r="2" />
        <circle cx="330" cy="60" r="1.2" />
        <circle cx="420" cy="25" r="1.6" />
        <circle cx="520" cy="70" r="1" />
        <circle cx="600" cy="35" r="1.8" />
        <path d="M470 90l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" />
      </g>
      <g fill="#111827">
        <rect x="40" y="210" width="90" height="150" rx="4" />
        <rect x="150" y="170" width="110" height="190" rx="4" />
        <rect x="280" y="230" width="80" height="130" rx="4" />
        <rect x="380" y="190" width="120" height="170" rx="4" />
        <rect x="520" y="240" width="90" height="120" rx="4" />
      </g>
      <g fill="#22c55e">
        {[190, 215, 240, 265, 290].map((y) => (
          <rect key={`a${y}`} x="165" y={y} width="80" height="6" rx="3" opacity="0.7" />
        ))}
        {[210, 235, 260, 285, 310].map((y) => (
          <rect key={`b${y}`} x="395" y={y} width="90" height="6" rx="3" opacity="0.7" />
        ))}
      </g>
      <g fill="#f9a8d4">
        {[230, 255, 280, 305].map((y) => (
          <rect key={`c${y}`} x="55" y={y} width="60" height="5" rx="2.5" opacity="0.8" />
        ))}
        {[250, 275, 300].map((y) => (
          <rect key={`d${y}`} x="295" y={y} width="50" height="5" rx="2.5" opacity="0.8" />
        ))}
      </g>
    </svg>
  );
}
