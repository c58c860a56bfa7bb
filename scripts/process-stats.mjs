// What the benchmark reads of its processes from /proc (Linux): memory and CPU time.
import fs from 'node:fs';

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), 0 once the process has exited. */
export function rssKb(pid, field) {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // it exited meanwhile
  }
}

/** User and system CPU time of a process so far in ms (clock ticks of 10 ms); with `children`, also of the children it reaped. */
function cpuMsOf(stat, children) {
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0)) * 10;
}

/** CPU time of the given processes so far, in ms. */
export function processCpuMs(pids) {
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuMsOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), false);
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * CPU time so far of the given processes' V8 helper threads (the garbage collector's parallel and
 * concurrent work), in ms: part of processCpuMs, read apart because it is where a collection regime
 * shows (docs/performance.md, "V8's young generation").
 */
export function v8HelperCpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    let tasks;
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // it exited meanwhile
    }
    for (const tid of tasks) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        if (stat.includes(' (V8Worker) ')) total += cpuMsOf(stat, false);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return total;
}

/**
 * PostgreSQL's own CPU so far, in ms: every postgres process of the machine (the bench's throw-away
 * cluster is the only one while it runs), with the children the postmaster has already reaped.
 */
export function postgresCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) total += cpuMsOf(stat, true);
    } catch {
      // It exited meanwhile.
    }
  }
  return total;
}
