/** An event as a decider sees it: a type and plain JSON data, nothing of storage. */
export interface DomainEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * A pure decision function over a state folded from past events. `decide` returns the new events (an
 * empty list when nothing changes) or throws a domain error; `evolve` never throws and does no I/O.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
