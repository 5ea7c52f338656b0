/**
 * Progress of a report upload on the console: on a terminal one line rewritten as the bytes go (at
 * most every 100 ms), elsewhere (CI logs) one line at each quarter. Then a line while the server
 * imports what it received: it answers once the run is stored.
 */
export class UploadProgress {
  private readonly out: NodeJS.WritableStream;
  private readonly label: string;
  private readonly total: number;
  private readonly tty: boolean;
  private lastDraw = 0;
  private lastQuarter = 0;
  private complete = false;

  constructor(out: NodeJS.WritableStream & { isTTY?: boolean }, label: string, total: number) {
    this.out = out;
    this.label = label;
    this.total = total;
    this.tty = out.isTTY === true;
  }

  /** `sent` bytes of `total` are on their way. */
  update(sent: number): void {
    if (this.complete) return;
    this.complete = sent >= this.total;
    const pct = this.total > 0 ? Math.min(100, Math.floor((sent / this.total) * 100)) : 100;
    const line = `Uploading ${this.label}: ${megabytes(sent)} of ${megabytes(this.total)} MB (${pct}%)`;
    if (this.tty) {
      const now = Date.now();
      if (now - this.lastDraw < 100 && !this.complete) return;
      this.lastDraw = now;
      this.out.write(`\r${line}\u001b[K`);
      return;
    }
    const quarter = Math.floor(pct / 25);
    if (quarter > this.lastQuarter) {
      this.lastQuarter = quarter;
      this.out.write(`${line}\n`);
    }
  }

  /** Every byte was sent; the server now reads and stores the report. */
  sent(): void {
    this.update(this.total);
    // The rewritten line is ended before the next one (update draws the end, so it was drawn).
    if (this.tty) this.out.write('\n');
    this.out.write('Importing the report on the server...\n');
  }
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
