/**
 * The order after dropping `dragged` on `target`: it takes the target's place, the others close
 * up (dragged downwards it lands after the target, upwards before it, as the eye expects).
 */
export function dropOrder(ids: readonly number[], dragged: number, target: number): number[] {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = ids.filter((id) => id !== dragged);
  next.splice(to, 0, dragged);
  return next;
}

/** Moves the id at `index` by `delta` places (the keyboard alternative to dragging). */
export function stepOrder(ids: readonly number[], index: number, delta: number): number[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(target, 0, id as number);
  return next;
}
