/**
 * Several fleets on one NATS deployment (issue 32: staging and production sharing one cluster):
 * `--fleet NAME` gives every name a fleet owns on NATS its own space, so two fleets never see each
 * other's configuration, topics or consumer groups. Without a name, the names of before.
 *
 * | what                    | no fleet name            | fleet NAME                          |
 * | ----------------------- | ------------------------ | ----------------------------------- |
 * | configuration buckets   | `mediator_config`, ...   | `mediator-NAME_config`, ...         |
 * | topic streams           | `MEDIATOR_<topic token>` | `MEDIATOR-NAME_<topic token>`       |
 * | topic subjects          | `mediator.topic.<token>` | `mediator.fleet.NAME.topic.<token>` |
 *
 * The spaces are disjoint: the default ones continue with `_` or `.topic` right after
 * `mediator`, a fleet's with `-` or `.fleet`; and since a fleet name has no `_` or `.`, its end is
 * where the first one comes. Consumer groups are per stream, hence apart too.
 */

/** Letters, digits and `-`, starting with a letter or digit, at most 32 (a NATS name token). */
const FLEET_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;

export interface FleetNames {
  readonly bucketPrefix: string;
  readonly streamPrefix: string;
  readonly subjectPrefix: string;
}

/** Why a fleet name cannot be used, or undefined when it can. */
export function fleetNameProblem(name: string): string | undefined {
  return FLEET_NAME.test(name) ? undefined : 'a fleet name has 1 to 32 letters, digits and "-", starting with a letter or digit';
}

/** The names on NATS of a fleet (`undefined`: the default fleet). Throws on an invalid name. */
export function fleetNames(name?: string): FleetNames {
  if (name === undefined) return { bucketPrefix: 'mediator', streamPrefix: 'MEDIATOR', subjectPrefix: 'mediator.topic' };
  const problem = fleetNameProblem(name);
  if (problem !== undefined) throw new Error(`fleet name "${name}": ${problem}`);
  return { bucketPrefix: `mediator-${name}`, streamPrefix: `MEDIATOR-${name}`, subjectPrefix: `mediator.fleet.${name}.topic` };
}
