/**
 * Where a broker channel's CPU goes (issue 42), shared by the NATS and Kafka tables: CPU time per
 * message of the in-process loop, of this process during a drain (the channel's translations, its
 * worker thread included, and the broker client) and of the broker processes (from /proc), and
 * the most a channel can reach on this machine's cores when CPU is all that limits it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { median } from './stats.js';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux when it cannot be asked). */
let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * utime + stime in ms from a /proc stat file (`/proc/PID/stat`, or a thread's
 * `/proc/PID/task/TID/stat`); throws when it cannot be read (the process or thread ended).
 */
export function statCpuMs(statPath: string): number {
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond()) * 1000;
}

/** utime + stime of the processes in ms, or undefined when one cannot be read. */
export function processCpuMs(pids: readonly number[]): number | undefined {
  let ms = 0;
  for (const pid of pids) {
    try {
      ms += statCpuMs(`/proc/${pid}/stat`);
    } catch {
      return undefined;
    }
  }
  return ms;
}

/** CPU time per message (microseconds, medians of the rounds): where a channel's time goes. */
export interface ChannelCpuFigure {
  /** The in-process translation loop of the same rounds. */
  readonly inProcessUs: number;
  /** This process during a drain: the channel's translations (its worker thread included) and the broker client. */
  readonly mediatorUs: number;
  /** Every broker process during a drain; undefined where /proc cannot be read (or the broker is not ours). */
  readonly serversUs: number | undefined;
  /**
   * This process's main thread during a drain (the broker clients and the channel runtime; the
   * translations too when they run inline), from /proc; undefined where it cannot be read.
   */
  readonly mainThreadUs: number | undefined;
}

/** This process's main thread's CPU time so far (ms), undefined where /proc cannot be read. */
function mainThreadCpuMs(): number | undefined {
  try {
    return statCpuMs(`/proc/${process.pid}/task/${process.pid}/stat`);
  } catch {
    return undefined;
  }
}

/** The broker processes of a drain: their CPU time so far (ms), undefined where it cannot be read. */
export interface BrokerCpu {
  cpuMs(): number | undefined;
}

/** CPU per message of each round's drains and in-process runs, for a row's medians. */
export class CpuRounds {
  readonly inProcess: number[] = [];
  readonly mediator: number[] = [];
  readonly servers: number[] = [];
  readonly mainThread: number[] = [];

  /** Runs `work`, which handles `messages` messages, and records this process's CPU per message in `into`. */
  async timed<T>(into: number[], messages: number, work: () => Promise<T>): Promise<T> {
    const before = process.cpuUsage();
    const result = await work();
    const used = process.cpuUsage(before);
    into.push((used.user + used.system) / messages);
    return result;
  }

  /** Starts watching a drain; the returned function records its CPU per message once `messages` were handled. */
  drain(brokers: BrokerCpu): (messages: number) => void {
    const cpuBefore = process.cpuUsage();
    const serversBefore = brokers.cpuMs();
    const mainBefore = mainThreadCpuMs();
    return (messages) => {
      const used = process.cpuUsage(cpuBefore);
      const serversAfter = brokers.cpuMs();
      const mainAfter = mainThreadCpuMs();
      this.mediator.push((used.user + used.system) / messages);
      if (serversBefore !== undefined && serversAfter !== undefined) this.servers.push(((serversAfter - serversBefore) * 1000) / messages);
      if (mainBefore !== undefined && mainAfter !== undefined) this.mainThread.push(((mainAfter - mainBefore) * 1000) / messages);
    };
  }

  figure(): ChannelCpuFigure {
    return {
      inProcessUs: median(this.inProcess),
      mediatorUs: median(this.mediator),
      serversUs: this.servers.length > 0 ? median(this.servers) : undefined,
      mainThreadUs: this.mainThread.length > 0 ? median(this.mainThread) : undefined,
    };
  }
}

/** Headings of cpuCells; `brokers` names the broker processes' column; `mainThread` adds the main thread's column after the mediator's. */
function cpuHead(brokers: string, mainThread: boolean): string[] {
  return ['CPU us/msg: in-process', 'mediator', ...(mainThread ? ['main thread'] : []), brokers, 'CPU bound'];
}

/** The head of a broker's channel table (NATS, Kafka, MQTT): one shape, the first column and the brokers' named by each. */
export function channelHead(first: string, goal: string, brokers: string, mainThread = false): string[] {
  return [first, 'translation', 'parallelism', 'in-process msg/s', 'channel msg/s', 'of in-process', 'rounds', goal, ...cpuHead(brokers, mainThread)];
}

/**
 * The most a channel can reach on `cores` cores when CPU is all that limits it: the mediator and
 * the brokers together spend `mediatorUs + serversUs` per message where the in-process loop spends
 * `inProcessUs` on one core. Undefined without the brokers' figure.
 */
export function cpuBound(cpu: ChannelCpuFigure, cores: number): number | undefined {
  return cpu.serversUs === undefined ? undefined : (cores * cpu.inProcessUs) / (cpu.mediatorUs + cpu.serversUs);
}

/**
 * The most the main thread allows when it is all that limits a channel: in-process CPU per message
 * over the main thread's (it runs the broker clients and the channel runtime, and inline the
 * translations too, on one core). Undefined without the main thread's figure.
 */
export function mainThreadBound(cpu: ChannelCpuFigure): number | undefined {
  return cpu.mainThreadUs === undefined || cpu.mainThreadUs === 0 ? undefined : cpu.inProcessUs / cpu.mainThreadUs;
}

/** A row's CPU columns (see cpuHead). */
export function cpuCells(cpu: ChannelCpuFigure, cores: number, mainThread = false): string[] {
  const bound = cpuBound(cpu, cores);
  return [
    cpu.inProcessUs.toFixed(0),
    cpu.mediatorUs.toFixed(0),
    ...(mainThread ? [cpu.mainThreadUs === undefined ? '-' : cpu.mainThreadUs.toFixed(0)] : []),
    cpu.serversUs === undefined ? '-' : cpu.serversUs.toFixed(0),
    bound === undefined ? '-' : `${(bound * 100).toFixed(0)}%`,
  ];
}

/**
 * What a goal asks of the CPU: at `goal` of in-process, mediator and brokers may spend
 * `cores * inProcessUs / goal` per message together; the sentence says how much of that the
 * brokers (`brokers`, e.g. "the servers") already take and so what is left for the mediator.
 */
export function budgetNote(label: string, cpu: ChannelCpuFigure, cores: number, goal: number, brokers: string): string | undefined {
  if (cpu.serversUs === undefined) return undefined;
  const budget = (cores * cpu.inProcessUs) / goal;
  const left = budget - cpu.serversUs;
  return (
    `${label}: ${brokers} take${brokers.endsWith('s') ? '' : 's'} ${cpu.serversUs.toFixed(0)} us of CPU per message, the mediator ${cpu.mediatorUs.toFixed(0)} us ` +
    `(in-process ${cpu.inProcessUs.toFixed(0)} us); ${(goal * 100).toFixed(0)}% on ${cores} cores allows ${budget.toFixed(0)} us for both, ` +
    `so ${left.toFixed(0)} us for the mediator (now ${cpu.mediatorUs.toFixed(0)} us): ` +
    (cpu.mediatorUs <= left
      ? 'within the budget.'
      : left < cpu.inProcessUs
        ? `less than the translation alone takes in process, so ${brokers} bound the figure.`
        : `the goal needs the mediator ${(cpu.mediatorUs - left).toFixed(0)} us cheaper or ${brokers} cheaper.`)
  );
}
