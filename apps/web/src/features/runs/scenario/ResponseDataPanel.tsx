import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiTestsSummary, type Command, isNetworkFailure } from '@stepwise/shared';
import { useState } from 'react';
import { TabBar } from '../../../components/TabBar';
import { CodeBlock } from './CodeBlock';
import { EmptyPanel } from './EmptyPanel';

/** An API test entry (spec section 3). */
interface ApiTestEntry {
  pattern?: string;
  value?: unknown;
  receivedValue?: unknown;
  fail?: boolean;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** An API test's response: status and text, then Body, Headers and API tests. */
export function ResponseDataPanel({ command }: { command: Command }) {
  const [tab, setTab] = useState('body');
  const info = command.info ?? {};
  const tests = Array.isArray(info.tests) ? (info.tests as ApiTestEntry[]) : [];
  const headers = info.headers && typeof info.headers === 'object' ? Object.entries(info.headers as Record<string, unknown>) : [];
  const status = info.status as number | string | undefined;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Response data
        </Typography>
        {status !== undefined && <Chip size="small" color={isNetworkFailure(status) ? 'error' : 'success'} label={`${status} ${str(info.statusText)}`.trim()} />}
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }}>
          {apiTestsSummary(tests)}
        </Typography>
      </Stack>
      <TabBar
        ariaLabel="Response data"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'body', label: 'Body' },
          { value: 'headers', label: 'Headers' },
          { value: 'tests', label: 'API tests' },
        ]}
      />
      <Stack sx={{ pt: 1.5 }}>
        {tab === 'body' && (info.data === undefined ? <EmptyPanel text="No output to display" /> : <CodeBlock value={info.data} label="Response body" />)}
        {tab === 'headers' &&
          (headers.length === 0 ? (
            <EmptyPanel text="No output to display" />
          ) : (
            <Table size="small" aria-label="Response headers">
              <TableBody>
                {headers.map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{k}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{str(v)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
        {tab === 'tests' &&
          (tests.length === 0 ? (
            <EmptyPanel text={apiTestsSummary(tests)} />
          ) : (
            <Table size="small" aria-label="API tests">
              <TableBody>
                {tests.map((t, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <Chip size="small" label={t.fail ? 'Failed' : 'Passed'} color={t.fail ? 'error' : 'success'} variant="outlined" />
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{str(t.pattern)}</TableCell>
                    <TableCell>expected {str(t.value)}</TableCell>
                    <TableCell>received {str(t.receivedValue)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
      </Stack>
    </>
  );
}
