import { HEADERS, MSG, REPORT_EXPORT_TYPES, reportExportFileName, type ReportExportFormat } from '@stepwise/shared';
import { getCurrentProjectId } from '../../../api/session';

/**
 * Downloads a run's export (GET runs/export) as a file: fetched with the session cookie and the project
 * header (a link could not send the header), then saved under the name the server gave.
 */
export async function downloadRunExport(runId: string, format: ReportExportFormat, runName: string): Promise<void> {
  const headers = new Headers({ Accept: REPORT_EXPORT_TYPES[format].contentType });
  const project = getCurrentProjectId();
  if (project) headers.set(HEADERS.projectId, project);
  const res = await fetch(`/api/runs/export?${new URLSearchParams({ runId, format })}`, { headers, credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? MSG.unexpected);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileNameOf(res.headers.get('content-disposition')) ?? reportExportFileName(runName, format);
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the file to the browser's download by the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

function fileNameOf(disposition: string | null): string | null {
  return disposition ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null) : null;
}
