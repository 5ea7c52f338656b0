import { useEffect, useState } from 'react';
import { DOWNLOADS } from '../../lib/web-constants';
import { type ClientOs, detectOs } from '../../lib/os';

const LABELS: Record<ClientOs, string> = {
  windows: 'Download for Windows (.exe)',
  'mac-x64': 'Download for Mac with Intel (.dmg)',
  'mac-arm64': 'Download for Mac with Apple silicon (.dmg)',
  other: 'Download the client from the releases page',
};

/** Client download matching the visitor's operating system. */
export function useDownloadLink() {
  const [os, setOs] = useState<ClientOs>('other');
  useEffect(() => {
    let alive = true;
    detectOs().then((value) => alive && setOs(value));
    return () => {
      alive = false;
    };
  }, []);
  return { href: DOWNLOADS[os], label: LABELS[os] };
}
