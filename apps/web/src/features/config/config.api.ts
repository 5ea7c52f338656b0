import { DEMO_PROJECT } from '@stepwise/shared';
import { api } from '../../api/client';
import { PRODUCT_NAME } from '../../lib/web-constants';

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
  /** The top bar's Documentation link (the server's DOCS_URL); null: not shown. */
  docsUrl: string | null;
  /** The top bar's Support link and the plan dialogs' Contact sales (SUPPORT_URL); null: not shown. */
  supportUrl: string | null;
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
    docsUrl: null,
    supportUrl: null,
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
