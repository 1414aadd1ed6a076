import { Decider, DomainEvent, fold } from '../domain/decider';

/**
 * Given / when / then for deciders, in the style of Emmett's DeciderSpecification:
 * `spec.given([...past]).when(command).then([...expected])` or `.thenThrows(ErrorClass)`.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorType: new (...args: never[]) => Error, message?: string | RegExp) {
              expect(run).toThrow(errorType);
              if (message) expect(run).toThrow(message);
            },
          };
        },
      };
    },
  };
}
