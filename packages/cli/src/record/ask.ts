import readline from 'node:readline/promises';

/**
 * Asks one question on the terminal; the default when the answer is empty, or without asking when
 * there is no terminal to answer (input piped, CI).
 */
export async function ask(question: string, fallback: string, input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<string> {
  if (!input.isTTY) return fallback;
  const rl = readline.createInterface({ input, output });
  try {
    const answer = await rl.question(`${question} [${fallback}]: `);
    return answer.trim() || fallback;
  } finally {
    rl.close();
  }
}

/** A yes/no question; no (the safe answer) without a terminal. */
export async function confirm(question: string, input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<boolean> {
  if (!input.isTTY) return false;
  const rl = readline.createInterface({ input, output });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N]: `)).trim());
  } finally {
    rl.close();
  }
}
