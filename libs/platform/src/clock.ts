/** Where time comes from: injected, so tests can move it (across the 7-day retention line, say). */
export abstract class Clock {
  abstract now(): Date;
  nowIso(): string {
    return this.now().toISOString();
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until moved. For tests. */
export class ManualClock extends Clock {
  constructor(private current: Date = new Date('2026-01-01T00:00:00.000Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
