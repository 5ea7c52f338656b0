import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { isRecorderMode, MODE_LABELS } from './recorder-links';

/** /remote-recorder/:cmd: the cloud recorder, which runs the client in a remote desktop. */
export function RemoteRecorderPage() {
  const { cmd } = useParams();
  const [params] = useSearchParams();
  const entries = [...params.entries()].filter(([key]) => key !== 'access_key');

  return (
    <>
      <PageHeader title="Cloud recorder" subtitle={isRecorderMode(cmd) ? MODE_LABELS[cmd] : `Mode: ${cmd}`} />
      <Alert severity="info" sx={{ mb: 3 }}>
        The cloud recorder runs the Stepwise client in a remote desktop in your browser, so nothing has to be installed. Remote
        desktop sessions arrive with a later release; until then use the desktop client.
      </Alert>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Session parameters
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label="Session parameters">
          <TableHead>
            <TableRow>
              <TableCell>Parameter</TableCell>
              <TableCell>Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.length === 0 && (
              <TableRow>
                <TableCell colSpan={2}>No parameters were given.</TableCell>
              </TableRow>
            )}
            {entries.map(([key, value]) => (
              <TableRow key={key}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{key}</TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
