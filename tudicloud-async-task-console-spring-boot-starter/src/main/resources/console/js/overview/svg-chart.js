/*
 * Hand-drawn SVG charts over time: a frame with a time axis and a count axis, stacked bars per minute,
 * and lines through samples. Drawn at the width of their box, so that labels keep their size; redrawn
 * when it changes. No library: the console works offline and needs no build.
 *
 * Text only through textContent: labels and tooltips (<title>) are text nodes made by s().
 */
import {s} from '../dom.js';
import {minuteLabel, number} from '../format.js';

const HEIGHT = 200;
const PAD = {left: 52, right: 18, top: 10, bottom: 24};
const TICK_MINUTES = 15;

/** The smallest 1, 2 or 4 times a power of ten that is at least value and 4: its half is a whole number too. */
export function niceMax(value) {
    const target = Math.max(4, value);
    const power = 10 ** Math.floor(Math.log10(target));
    return [1, 2, 4, 10].map((step) => step * power).find((candidate) => candidate >= target);
}

/**
 * An SVG `width` pixels wide with title and description for screen readers, count grid lines, and a
 * time axis from `from` to `to` (Dates); returns the element and its scales.
 */
export function frame({width, from, to, max, title, description, testid}) {
    const fullWidth = Math.max(240, Math.round(width));
    const id = `${testid}-title`;
    const svg = s('svg', {viewBox: `0 0 ${fullWidth} ${HEIGHT}`, class: 'chart', role: 'img', 'data-testid': testid,
        'aria-labelledby': `${id} ${id}-desc`},
        s('title', {id}, title), s('desc', {id: `${id}-desc`}, description));
    const plotWidth = fullWidth - PAD.left - PAD.right;
    const plotHeight = HEIGHT - PAD.top - PAD.bottom;
    const span = Math.max(1, to.getTime() - from.getTime());
    const x = (date) => PAD.left + plotWidth * (date.getTime() - from.getTime()) / span;
    const y = (value) => PAD.top + plotHeight * (1 - value / max);
    for (const value of [0, max / 2, max]) {
        svg.append(s('line', {class: 'chart-grid', x1: PAD.left, x2: fullWidth - PAD.right, y1: y(value), y2: y(value)}),
            s('text', {class: 'chart-label', x: PAD.left - 6, y: y(value) + 4, 'text-anchor': 'end'}, number(value)));
    }
    const tick = new Date(from);
    tick.setSeconds(0, 0);
    tick.setMinutes(Math.ceil(tick.getMinutes() / TICK_MINUTES) * TICK_MINUTES);
    for (; tick <= to; tick.setMinutes(tick.getMinutes() + TICK_MINUTES)) {
        svg.append(s('text', {class: 'chart-label', x: x(tick), y: HEIGHT - 6, 'text-anchor': 'middle'},
            minuteLabel(tick)));
    }
    return {svg, x, y, plotWidth, width: fullWidth};
}

/**
 * One stacked bar per minute; series: [{key, cls}] from the bottom up. Each minute is a group with a
 * tooltip that names its counts (tooltip(minute) gives the text).
 */
export function stackedBars(chart, minutes, series, tooltip) {
    const width = chart.plotWidth / minutes.length;
    minutes.forEach((minute, index) => {
        const start = new Date(minute.minute);
        const group = s('g', {class: 'chart-minute', 'data-testid': 'minute', 'data-minute': minute.minute,
            'data-total': series.reduce((sum, {key}) => sum + minute[key], 0)}, s('title', null, tooltip(minute, start)));
        // a transparent area over the whole column, so that the tooltip shows for an empty minute too
        group.append(s('rect', {class: 'chart-hit', x: PAD.left + index * width, y: PAD.top, width,
            height: HEIGHT - PAD.top - PAD.bottom}));
        let base = 0;
        for (const {key, cls} of series) {
            if (minute[key] > 0) {
                const top = chart.y(base + minute[key]);
                group.append(s('rect', {class: cls, x: PAD.left + index * width + 0.5, y: top,
                    width: Math.max(1, width - 1), height: chart.y(base) - top, 'data-series': key}));
                base += minute[key];
            }
        }
        chart.svg.append(group);
    });
}

/** A line through samples ({at, ...}) for each series: [{key, cls, label}]. */
export function lines(chart, samples, series) {
    for (const {key, cls, label} of series) {
        const points = samples.map((sample) => `${chart.x(new Date(sample.at)).toFixed(1)},${chart.y(sample[key]).toFixed(1)}`);
        chart.svg.append(s('polyline', {class: cls, points: points.join(' '), 'data-series': key,
            'data-points': samples.length}, s('title', null, label)));
    }
}
