/*
 * A schedule's expression in words where it has a common shape (a macro, @every, every N seconds,
 * minutes or hours, daily or weekly at a time); null otherwise, and the expression is shown as written.
 *
 * Text only through textContent: returns plain strings.
 */
import {t} from '../i18n.js';

const MACROS = {'@yearly': 'yearly', '@annually': 'yearly', '@monthly': 'monthly', '@weekly': 'weekly',
    '@daily': 'daily', '@midnight': 'daily', '@hourly': 'hourly'};
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const NUMBER = /^\d+$/;

const pad = (n) => String(n).padStart(2, '0');

function clock(second, minute, hour) {
    return second === '0' ? `${pad(hour)}:${pad(minute)}` : `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

function every(field, unit) {
    if (field === '*') {
        return t(`schedules.words.every.${unit}`, {count: 1, n: 1});
    }
    const step = /^\*\/(\d+)$/.exec(field);
    return step ? t(`schedules.words.every.${unit}`, {count: Number(step[1]), n: step[1]}) : null;
}

function weekday(field) {
    if (NUMBER.test(field) && Number(field) <= 7) {
        return DAYS[Number(field) % 7];
    }
    return DAYS.includes(field.toUpperCase()) ? field.toUpperCase() : null;
}

export function describe(expression) {
    const text = (expression || '').trim();
    if (MACROS[text.toLowerCase()]) {
        return t(`schedules.words.${MACROS[text.toLowerCase()]}`);
    }
    if (text.startsWith('@every ')) {
        return t('schedules.words.interval', {duration: text.slice('@every '.length)});
    }
    const fields = text.split(/\s+/);
    if (fields.length !== 6) {
        return null;
    }
    const [second, minute, hour, day, month, dayOfWeek] = fields;
    if (day !== '*' || month !== '*') {
        return null;
    }
    const rest = [minute, hour, dayOfWeek];
    if (rest.every((f) => f === '*')) {
        return every(second, 'second');
    }
    if (second === '0' && minute === '0' && dayOfWeek === '*' && every(hour, 'hour')) {
        return every(hour, 'hour');
    }
    if (second === '0' && hour === '*' && dayOfWeek === '*') {
        return every(minute, 'minute');
    }
    if (![second, minute, hour].every((f) => NUMBER.test(f))) {
        return null;
    }
    if (dayOfWeek === '*' || dayOfWeek === '?') {
        return t('schedules.words.dailyAt', {time: clock(second, minute, hour)});
    }
    const day7 = weekday(dayOfWeek);
    return day7 ? t('schedules.words.weeklyAt', {day: t(`schedules.day.${day7}`), time: clock(second, minute, hour)})
        : null;
}
