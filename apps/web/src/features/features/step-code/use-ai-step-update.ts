import { AI_UPDATE_PROGRESS_TEXTS, AI_UPDATE_TEXT_MS } from '@stepwise/shared';
import { useEffect, useRef, useState } from 'react';
import { errorText, isUnauthorized } from '../../../api/client';
import { useWorkspace } from '../../workspace/use-workspace';
import { useCyclingText } from '../plain-english/use-cycling-text';
import { requestStepUpdate, type StepUpdateInput } from './ai-step-update.api';

/** idle -> pending (progress texts) -> done (1.5 s) -> idle with the proposal in review; or pending -> error (1.5 s) -> idle. */
export type AiUpdatePhase = 'idle' | 'pending' | 'done' | 'error';

/**
 * The AI update of a step: the request, the progress texts the spec names (each shown once at least,
 * however fast the answer), then the proposal handed to `onProposal`. `note` is what the server said:
 * the summary of the change, or why it could not be made.
 */
export function useAiStepUpdate(onProposal: (content: string) => void) {
  const ws = useWorkspace();
  const [phase, setPhase] = useState<AiUpdatePhase>('idle');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const progress = useCyclingText(AI_UPDATE_PROGRESS_TEXTS, phase === 'pending', AI_UPDATE_TEXT_MS);
  const alive = useRef(true);
  const timers = useRef<number[]>([]);
  const propose = useRef(onProposal);
  useEffect(() => {
    propose.current = onProposal;
  });
  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      // Another step, or the modal closed: a late answer is not shown on it.
      alive.current = false;
      pending.forEach((t) => window.clearTimeout(t));
    };
  }, []);
  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(() => alive.current && run(), ms));
  };

  async function send(input: StepUpdateInput): Promise<void> {
    setPhase('pending');
    setNote(null);
    const started = Date.now();
    try {
      const result = await requestStepUpdate(ws.ref, input);
      const rest = Math.max(0, started + AI_UPDATE_PROGRESS_TEXTS.length * AI_UPDATE_TEXT_MS - Date.now());
      later(rest, () => {
        setPhase('done');
        later(AI_UPDATE_TEXT_MS, () => {
          setPhase('idle');
          setNote(result.summary ? { text: result.summary, error: false } : null);
          propose.current(result.mjs_file_content);
        });
      });
    } catch (err) {
      if (!alive.current) return;
      setPhase('error');
      setNote(isUnauthorized(err) ? null : { text: errorText(err), error: true });
      later(AI_UPDATE_TEXT_MS, () => setPhase('idle'));
    }
  }

  return { phase, progress, note, send, busy: phase !== 'idle' };
}
