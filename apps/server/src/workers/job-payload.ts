import type { RunJob } from '../execution-runs/runner-job.ts';

/** The runner options of a job as a worker receives them: the paths of the worker's own machine are its to fill. */
export type WorkerRunJob = Omit<RunJob, 'workDir' | 'messagesFile' | 'depsCacheDir' | 'chromiumPath' | 'ipc'>;

/** One scenario group of an instance, handed to the worker that claims it (sealed in the database until then). */
export interface JobPayload {
  jobId: string;
  projectId: string;
  instanceId: string;
  commit: string;
  job: WorkerRunJob;
  timeoutMs: number;
  memoryMb: number;
}

/** The claim's answer: the job, and the token that reads its commit and reports on it (nothing else). */
export interface JobClaim {
  status: 'success';
  jobToken: string;
  attempt: number;
  payload: JobPayload;
}
