export type ClientOs = 'windows' | 'mac-arm64' | 'mac-x64' | 'other';

interface UaData {
  platform?: string;
  getHighEntropyValues?: (hints: string[]) => Promise<{ architecture?: string }>;
}

/** Operating system of the browser, with the Mac CPU when the browser tells it. */
export async function detectOs(): Promise<ClientOs> {
  const uaData = (navigator as Navigator & { userAgentData?: UaData }).userAgentData;
  const platform = (uaData?.platform ?? navigator.platform ?? '').toLowerCase();
  const ua = navigator.userAgent.toLowerCase();
  if (platform.includes('win') || ua.includes('windows')) return 'windows';
  if (platform.includes('mac') || ua.includes('mac os')) {
    try {
      const values = await uaData?.getHighEntropyValues?.(['architecture']);
      if (values?.architecture === 'arm') return 'mac-arm64';
    } catch {
      // architecture hint refused: fall back to Intel build
    }
    return 'mac-x64';
  }
  return 'other';
}
