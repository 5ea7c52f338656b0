import { DEMO_PROJECT } from '@stepwise/shared';
import { api } from '../../api/client';
import { DEFAULT_DOCS_URL, DEFAULT_SUPPORT_URL, PRODUCT_NAME } from '../../lib/web-constants';

/** Public instance settings (GET /api/config). Local type: the shared contract has no schema for it. */
export interface AppConfig {
  signupEnabled: boolean;
  /** Company sign-in (OpenID Connect) is configured: the login page offers it. */
  companySignIn: boolean;
  allowDeleteProjects: boolean;
  /** Where DOWNLOAD CLIENT goes (the server's CLIENT_DOWNLOAD_URL); null: this app's install page, /client. */
  clientDownloadUrl: string | null;
  demoUrl: string;
  productName: string;
  docsUrl: string;
  supportUrl: string;
  version: string;
}

export function defaultConfig(): AppConfig {
  return {
    signupEnabled: true,
    companySignIn: false,
    allowDeleteProjects: false,
    clientDownloadUrl: null,
    demoUrl: `${window.location.origin}${DEMO_PROJECT.path}`,
    productName: PRODUCT_NAME,
    docsUrl: DEFAULT_DOCS_URL,
    supportUrl: DEFAULT_SUPPORT_URL,
    version: '',
  };
}

export async function fetchConfig(): Promise<AppConfig> {
  const body = await api.get<Partial<AppConfig>>('config');
  const fallback = defaultConfig();
  return {
    signupEnabled: body.signupEnabled ?? fallback.signupEnabled,
    companySignIn: body.companySignIn ?? fallback.companySignIn,
    allowDeleteProjects: body.allowDeleteProjects ?? fallback.allowDeleteProjects,
    clientDownloadUrl: body.clientDownloadUrl || fallback.clientDownloadUrl,
    demoUrl: body.demoUrl || fallback.demoUrl,
    productName: body.productName || fallback.productName,
    docsUrl: body.docsUrl || fallback.docsUrl,
    supportUrl: body.supportUrl || fallback.supportUrl,
    version: body.version ?? '',
  };
}

/** Where DOWNLOAD CLIENT opens: the address the administrator configured, else this app's install page. */
export function clientDownloadHref(config: AppConfig): string {
  return config.clientDownloadUrl ?? '/client';
}
