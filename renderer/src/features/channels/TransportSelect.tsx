import type { TransportState } from '../../api/index.js';

/** What people call each transport (the server names them by kind and chanType letter). */
export const TRANSPORT_NAMES: Readonly<Record<TransportState['kind'], string>> = {
  embedded: 'Embedded bus',
  nats: 'NATS JetStream',
  kafka: 'Kafka',
  mqtt: 'MQTT',
};

const LETTER_NAMES: Readonly<Record<string, string>> = { E: 'Embedded bus', N: 'NATS JetStream', K: 'Kafka', M: 'MQTT' };

/** "MQTT → NATS JetStream" for "MN", "MQTT" for "MM". */
export function describeChannelType(chanType: string): string {
  const [source, sink] = [chanType.slice(0, 1), chanType.slice(1, 2)].map((l) => LETTER_NAMES[l] ?? l);
  return source === sink ? (source ?? chanType) : `${source ?? ''} → ${sink ?? ''}`;
}

/** A choice among the transports the server was started with; '' is its default. */
export function TransportSelect(props: {
  readonly label: string;
  readonly value: string;
  readonly transports: readonly TransportState[];
  readonly onChange: (letter: string) => void;
}) {
  const fallback = props.transports.find((t) => t.default);
  return (
    <label className="field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Server default{fallback === undefined ? '' : ` (${TRANSPORT_NAMES[fallback.kind]})`}</option>
        {props.transports.map((t) => (
          <option key={t.kind} value={t.letter}>
            {TRANSPORT_NAMES[t.kind]}
            {t.reachable ? '' : ' (unreachable)'}
          </option>
        ))}
      </select>
    </label>
  );
}
