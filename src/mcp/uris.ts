// aria-knowledge:// URIs for loadable files and the tag template. A URI only names a path as a
// query result shows it; whether it may be read is decided by the core when it is read.
export const SCHEME = 'aria-knowledge';
export const TAG_TEMPLATE = `${SCHEME}://tag/{tag}`;

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

/** `approaches/x.md` → `aria-knowledge://knowledge/approaches/x.md`; `~/P/x.md` → `…://home/P/x.md`; `/abs` → `…://root/abs`. */
export function fileUri(displayPath: string): string {
  if (displayPath.startsWith('~/')) return `${SCHEME}://home/${encodePath(displayPath.slice(2))}`;
  if (displayPath.startsWith('/')) return `${SCHEME}://root/${encodePath(displayPath.slice(1))}`;
  return `${SCHEME}://knowledge/${encodePath(displayPath)}`;
}

export type ParsedUri =
  { kind: 'file'; path: string } | { kind: 'tag'; query: string } | { kind: 'invalid'; reason: string };

export function parseUri(uri: string): ParsedUri {
  const m = /^aria-knowledge:\/\/(knowledge|home|root|tag)\/([^?#]+)$/.exec(uri);
  if (!m) return { kind: 'invalid', reason: `not an ${SCHEME}:// file or tag URI` };
  let segments: string[];
  try {
    segments = m[2].split('/').map(decodeURIComponent);
  } catch {
    return { kind: 'invalid', reason: 'malformed percent-encoding' };
  }
  if (m[1] === 'tag') return { kind: 'tag', query: segments.join('/') };
  const rest = segments.join('/');
  if (m[1] === 'home') return { kind: 'file', path: `~/${rest}` };
  if (m[1] === 'root') return { kind: 'file', path: `/${rest}` };
  return { kind: 'file', path: rest };
}
