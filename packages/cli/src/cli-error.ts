/** A failure the user can act on: printed without a stack, exit code 2. */
export class CliError extends Error {}
