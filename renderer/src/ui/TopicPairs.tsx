import type { PlatformTopicsReply, TopicPair } from '../api/index.js';

export interface TopicPairsProps {
  /** The server's names, or undefined while they are not known for what is typed. */
  readonly topics: PlatformTopicsReply | undefined;
  /** Prefix of the names' test ids (`downstream-source`, ...). */
  readonly testIdPrefix?: string;
}

/**
 * A platform's two topic pairs, one line each. Both lines are drawn before the names are known
 * (a dash in place of each name), so the lines do not appear from nothing when the names arrive.
 * Both screens show them below their Create button: lines appearing above it pushed it down under
 * a click aimed at it, and the click was lost (an e2e walk under load).
 */
export function TopicPairs({ topics, testIdPrefix = '' }: TopicPairsProps) {
  return (
    <>
      <TopicPairLine label="Downstream" pair={topics?.downstream} testIdPrefix={testIdPrefix} />
      <TopicPairLine label="Upstream" pair={topics?.upstream} testIdPrefix={testIdPrefix} />
    </>
  );
}

function TopicPairLine({ label, pair, testIdPrefix }: { label: string; pair: TopicPair | undefined; testIdPrefix: string }) {
  const id = `${testIdPrefix}${label.toLowerCase()}`;
  return (
    <p className="topic-pair">
      <strong>{label}:</strong> <TopicName name={pair?.source} testId={`${id}-source`} /> → <TopicName name={pair?.sink} testId={`${id}-sink`} />
    </p>
  );
}

function TopicName({ name, testId }: { name: string | undefined; testId: string }) {
  if (name === undefined) {
    return (
      <code className="topic-unknown" aria-label="not known yet">
        –
      </code>
    );
  }
  return <code data-testid={testId}>{name}</code>;
}
