/**
 * The embeddable player of a lesson's video, for the two hosts the server's CSP frame-src allows
 * (apps/server/src/core/security.ts): YouTube through its privacy-enhanced youtube-nocookie.com
 * player, and Vimeo's player. Any other address, or one that is not a single video, has no embed
 * and is shown as a link.
 */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

function youtube(id: string | null | undefined): VideoEmbed | null {
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
}

export function videoEmbed(address: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const [id, hash, ...rest] = parts;
    if (!id || !/^\d+$/.test(id) || rest.length > 0) return null;
    // An unlisted video's address carries its hash: vimeo.com/ID/HASH.
    if (hash !== undefined && !/^[0-9a-f]+$/i.test(hash)) return null;
    return { provider: 'vimeo', src: `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}` };
  }
  return null;
}
