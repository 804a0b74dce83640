/*
 * Numbers, times and durations in the chosen language (Intl). Times show in the browser's time zone;
 * their tooltip names the same instant in the server's zone too.
 *
 * Text only through textContent: the elements made here carry text nodes and attributes only.
 */
import {h} from './dom.js';
import {lang, t} from './i18n.js';

const numbers = new Intl.NumberFormat(lang);
const hhmmss = {hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'};
const timeOfDay = new Intl.DateTimeFormat(lang, hhmmss);
const minuteOfDay = new Intl.DateTimeFormat(lang, {hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
const dayAndMinute = new Intl.DateTimeFormat(lang, {year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
const full = new Intl.DateTimeFormat(lang, {year: 'numeric', month: '2-digit', day: '2-digit', ...hhmmss,
    fractionalSecondDigits: 3});
const relativeTime = new Intl.RelativeTimeFormat(lang, {numeric: 'auto'});
const units = Object.fromEntries(['millisecond', 'second', 'minute', 'hour', 'day'].map((unit) =>
    [unit, new Intl.NumberFormat(lang, {style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1})]));

export const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
let serverZoneFormat = zoneFormat('UTC');
let serverZoneName = 'UTC';

function zoneFormat(zone) {
    return new Intl.DateTimeFormat(lang, {year: 'numeric', month: '2-digit', day: '2-digit', ...hhmmss,
        timeZone: zone, timeZoneName: 'short'});
}

/** The server's time zone as /api/me names it; one the browser does not know falls back to UTC. */
export function setServerZone(zone) {
    try {
        serverZoneFormat = zoneFormat(zone);
        serverZoneName = zone;
    } catch (e) {
        serverZoneFormat = zoneFormat('UTC');
        serverZoneName = 'UTC';
    }
}

export const number = (n) => numbers.format(n);

const toDate = (iso) => (iso ? new Date(iso) : null);

/** 14:03:21 today, else the date and minute. */
export function shortTime(iso) {
    const d = toDate(iso);
    if (!d) {
        return '—';
    }
    return d.toDateString() === new Date().toDateString() ? timeOfDay.format(d) : dayAndMinute.format(d);
}

/** Date and time to the millisecond, in the browser's zone. */
export function fullTime(iso) {
    const d = toDate(iso);
    return d ? full.format(d) : '—';
}

export function minuteLabel(date) {
    return minuteOfDay.format(date);
}

/** The tooltip of a time: the instant in the browser's zone and in the server's. */
export function timeTitle(iso) {
    const d = toDate(iso);
    return d ? t('time.tooltip', {browser: `${full.format(d)} (${browserZone})`,
        server: `${serverZoneFormat.format(d)} (${serverZoneName})`}) : '';
}

/** Date and time in the server's zone, the zone named. */
export function serverTime(iso) {
    const d = toDate(iso);
    return d ? serverZoneFormat.format(d) : '—';
}

/** A <time> element: the short or full time as text, both zones in its tooltip. */
export function timeElement(iso, length) {
    if (!iso) {
        return h('span', {class: 'muted'}, '—');
    }
    return h('time', {datetime: iso, title: timeTitle(iso)}, length === 'full' ? fullTime(iso) : shortTime(iso));
}

/** 850 ms, 4.2 s, 3 min 5 s, 2 h 10 min, 3 d 4 h (units as the language writes them). */
export function duration(ms) {
    if (ms === null || ms === undefined || Number.isNaN(ms)) {
        return '—';
    }
    const abs = Math.abs(ms);
    const sign = ms < 0 ? '-' : '';
    if (abs < 1000) {
        return sign + units.millisecond.format(Math.round(abs));
    }
    if (abs < 60_000) {
        return sign + units.second.format(abs < 10_000 ? Math.round(abs / 100) / 10 : Math.round(abs / 1000));
    }
    const parts = abs < 3_600_000 ? [['minute', 60_000], ['second', 1000]]
        : abs < 86_400_000 ? [['hour', 3_600_000], ['minute', 60_000]] : [['day', 86_400_000], ['hour', 3_600_000]];
    const [[big, bigMs], [small, smallMs]] = parts;
    return `${sign}${units[big].format(Math.floor(abs / bigMs))} ${units[small].format(Math.floor((abs % bigMs) / smallMs))}`;
}

/** "3 minutes ago", "in 20 seconds", "now", in the chosen language. */
export function relative(iso) {
    const d = toDate(iso);
    if (!d) {
        return '—';
    }
    const seconds = Math.round((d.getTime() - Date.now()) / 1000);
    const abs = Math.abs(seconds);
    if (abs < 60) {
        return relativeTime.format(seconds, 'second');
    }
    if (abs < 3600) {
        return relativeTime.format(Math.trunc(seconds / 60), 'minute');
    }
    if (abs < 86_400) {
        return relativeTime.format(Math.trunc(seconds / 3600), 'hour');
    }
    return relativeTime.format(Math.trunc(seconds / 86_400), 'day');
}
