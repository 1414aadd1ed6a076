/** Where a sibling key may go: strictly between `lower` and `upper` (null: unbounded). */
export interface Slot {
  lower: string | null;
  upper: string | null;
}

/** Whether `position` already sits strictly inside the slot. */
export function within(position: string, { lower, upper }: Slot): boolean {
  return (lower === null || position > lower) && (upper === null || position < upper);
}
