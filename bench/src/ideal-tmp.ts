import { benchEvents } from './data';
const events = benchEvents(1_000_000);
const FROM = Date.parse('2025-03-01T00:00:00Z'), TO = Date.parse('2025-03-31T23:59:59Z');
function floor() { let t = 0; for (const e of events) { const p = e.properties; t += p.value.length + p.region.length + p.tier.length + p.customer.length + p.instance.length; } return t; }
function chars() { let t = 0; for (const e of events) { const s = e.timestamp; for (let i = 0; i < s.length; i++) t += s.charCodeAt(i); } return t; }
function d(s: string, i: number) { const c = s.charCodeAt(i) - 48; return c; }
function ts(s: string): number {
  if (s.length !== 24 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return NaN;
  const a0 = d(s,0), a1 = d(s,1), a2 = d(s,2), a3 = d(s,3), m0 = d(s,5), m1 = d(s,6), d0 = d(s,8), d1 = d(s,9), h0 = d(s,11), h1 = d(s,12), n0 = d(s,14), n1 = d(s,15), s0 = d(s,17), s1 = d(s,18), f0 = d(s,20), f1 = d(s,21), f2 = d(s,22);
  if (((a0|a1|a2|a3|m0|m1|d0|d1|h0|h1|n0|n1|s0|s1|f0|f1|f2) >>> 0) > 9) return NaN;
  const y = a0*1000+a1*100+a2*10+a3, mo = m0*10+m1, da = d0*10+d1, h = h0*10+h1, mi = n0*10+n1, se = s0*10+s1;
  if (mo < 1 || mo > 12 || da < 1 || da > 28 && da > dim(y, mo) || h > 23 || mi > 59 || se > 59) return NaN;
  return days(y, mo, da) * 86400000 + h*3600000 + mi*60000 + se*1000 + f0*100+f1*10+f2;
}
function dim(y: number, m: number) { return m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31; }
function days(y: number, m: number, d: number) { y -= m <= 2 ? 1 : 0; const era = Math.floor(y / 400); const yoe = y - era * 400; const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1; const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy; return era * 146097 + doe - 719468; }
function parseOnly() { let t = 0; for (const e of events) t += ts(e.timestamp); return t; }
function val(s: string): number { let u = 0, sc = -1; const n = s.length; let i = 0; let neg = false; if (s.charCodeAt(0) === 45) { neg = true; i = 1; } for (; i < n; i++) { const c = s.charCodeAt(i); if (c === 46) { if (sc >= 0) return NaN; sc = 0; continue; } const dd = c - 48; if ((dd >>> 0) > 9) return NaN; u = u * 10 + dd; if (sc >= 0) sc++; } if (sc > 4) return NaN; u *= sc <= 0 ? 10000 : sc === 1 ? 1000 : sc === 2 ? 100 : sc === 3 ? 10 : 1; return neg ? -u : u; }
function ideal() { let t = 0; for (const e of events) { if (e.code !== 'compute') continue; const p = e.properties; const r = p.region; if (r !== 'eu' && r !== 'us') continue; const m = ts(e.timestamp); if (!(m >= FROM && m <= TO)) continue; t += val(p.value); } return t; }
function tsCompare() { let t = 0; for (const e of events) { const s = e.timestamp; if (s >= '2025-03-01T00:00:00.000Z' && s <= '2025-03-31T23:59:59.000Z') t++; } return t; }
const cases: [string, () => number][] = [['floor', floor], ['chars', chars], ['ts parse', parseOnly], ['ts strcmp', tsCompare], ['ideal filtered sum', ideal]];
const med: Record<string, number[]> = {};
for (let r = 0; r < 9; r++) for (const [n, f] of cases) { const t = performance.now(); f(); (med[n] ??= []).push(performance.now() - t); }
for (const [n] of cases) { const a = med[n]!.sort((x, y) => x - y); console.log(n, a[4]!.toFixed(1), 'ns/event', (a[4]! / med.floor!.sort((x,y)=>x-y)[4]!).toFixed(2) + 'x'); }
