import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import { REPORT_EXPORT_FORMATS, REPORT_EXPORT_LABELS, REPORT_EXPORT_TYPES, type ReportExportFormat } from '@stepwise/shared';
import { useToast } from '../../../components/toast/toast-context';
import { downloadRunExport } from './export-report';

/** The run report's Export menu: the run as Cucumber messages, Cucumber JSON, JUnit XML or an HTML page. */
export function ExportMenu({ runId, runName }: { runId: string; runName: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const toast = useToast();

  const download = async (format: ReportExportFormat) => {
    setAnchor(null);
    setBusy(format);
    try {
      await downloadRunExport(runId, format, runName);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
        disabled={busy !== null}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {REPORT_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            <ListItemText primary={REPORT_EXPORT_LABELS[format]} secondary={`.${REPORT_EXPORT_TYPES[format].extension}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
