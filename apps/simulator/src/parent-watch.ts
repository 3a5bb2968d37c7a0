/**
 * A child controller dies with its parent (after a kill -9 of the server the bundled
 * virtual call system ran on, holding its port and data dir). Two guards, either one suffices:
 *
 * - stdin: the parent holds the write end of our stdin pipe and never writes; when the parent
 *   is gone, however it died, the kernel closes that end and we read EOF at once.
 * - the parent pid: checked every `intervalMs`; when we were re-parented (to init or a
 *   subreaper), the parent is gone. This catches a parent that handed our stdin to someone else.
 *
 * Returns a function that stops watching.
 */
export function watchParent(parentPid: number, onGone: (why: string) => void, intervalMs = 1000): () => void {
  let gone = false;
  const report = (why: string): void => {
    if (gone) return;
    gone = true;
    stop();
    onGone(why);
  };
  const onEnd = (): void => report("stdin closed");
  process.stdin.on("end", onEnd);
  process.stdin.on("close", onEnd);
  // Reading errors mean the pipe is broken: the parent is as good as gone.
  process.stdin.on("error", onEnd);
  // Nothing is ever written; reading just lets us see the end.
  process.stdin.on("data", () => undefined);
  process.stdin.resume();
  const timer = setInterval(() => {
    if (process.ppid !== parentPid) report(`parent ${parentPid} is gone`);
  }, intervalMs);
  timer.unref();
  if (process.ppid !== parentPid) queueMicrotask(() => report(`parent ${parentPid} is gone`));
  function stop(): void {
    clearInterval(timer);
    process.stdin.off("end", onEnd);
    process.stdin.off("close", onEnd);
    process.stdin.pause();
  }
  return stop;
}
