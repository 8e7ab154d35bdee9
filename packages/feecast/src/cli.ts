import { main } from './main';

// A reader that stops early (`feecast demo | head`) closes the pipe: that ends the output, it
// is not an error to report with a stack trace. Any other failure to write ends with 70.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    process.exit(error.code === 'EPIPE' ? (process.exitCode ?? 0) : 70);
  });
}

// The process boundary: arguments in, text out, exit code set. Everything else is in main().
main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `feecast: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 70;
  },
);
