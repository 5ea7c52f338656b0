import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { setCurrentProjectId } from '../../api/session';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useProjects } from '../projects/use-projects';
import { CloudRecorder } from './cloud/CloudRecorder';
import { readRecorderParams } from './cloud/recorder-params';
import { deepLink, isRecorderMode, MODE_LABELS } from './recorder-links';

/** /remote-recorder/:cmd: the cloud recorder (mode `recorder`); the other modes run in the desktop client. */
export function RemoteRecorderPage() {
  const { cmd } = useParams();
  const [search] = useSearchParams();
  if (cmd === 'recorder') return <CloudRecorderRoute search={search} />;
  return <OtherMode cmd={cmd} search={search} />;
}

function CloudRecorderRoute({ search }: { search: URLSearchParams }) {
  const params = useMemo(() => readRecorderParams(search), [search]);
  const projects = useProjects();
  const project = projects.data?.find((p) => p._id === params.projectId);

  useEffect(() => {
    if (!project) return;
    setCurrentProjectId(project._id);
    return () => setCurrentProjectId(null);
  }, [project]);

  if (projects.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (!project) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }}>
        <EmptyState
          title={MSG.projectNotFound}
          text={params.projectId ? 'You are not a member of this project.' : 'The recorder link names no project.'}
          action={
            <Button variant="contained" component={Link} to="/">
              Go to your projects
            </Button>
          }
        />
      </Box>
    );
  }
  return <CloudRecorder project={project} params={params} />;
}

function OtherMode({ cmd, search }: { cmd: string | undefined; search: URLSearchParams }) {
  const entries = [...search.entries()].filter(([key]) => key !== 'access_key');
  const known = isRecorderMode(cmd);
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1280, mx: 'auto' }}>
      <PageHeader title="Cloud recorder" subtitle={known ? MODE_LABELS[cmd] : `Mode: ${cmd}`} />
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={
          known ? (
            <Button color="inherit" href={deepLink(cmd, search)}>
              Open in the client
            </Button>
          ) : undefined
        }
      >
        The cloud recorder records scenarios in a browser streamed to this page. {known ? `"${MODE_LABELS[cmd]}" runs` : 'Other modes run'} on your
        machine with the Stepwise command-line client.
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
    </Box>
  );
}
