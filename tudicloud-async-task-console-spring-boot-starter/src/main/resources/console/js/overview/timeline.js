/*
 * The overview's two charts over the last hour: tasks finished per minute by outcome (stacked bars) and
 * the queue's due and running tasks (lines through the admin's samples). Reads GET /api/stats/timeline.
 *
 * Text only through textContent: legends and tooltips are text nodes.
 */
import {api} from '../api.js';
import {$, debounce, h} from '../dom.js';
import {minuteLabel, number} from '../format.js';
import {t} from '../i18n.js';
import {frame, lines, niceMax, stackedBars} from './svg-chart.js';

const MINUTES = 60;
const OUTCOMES = [
    {key: 'success', cls: 'bar-success'},
    {key: 'failed', cls: 'bar-failed'},
    {key: 'cancelled', cls: 'bar-cancelled'},
];
const QUEUE = [
    {key: 'due', cls: 'line-due'},
    {key: 'running', cls: 'line-running'},
];

function legend(id, entries) {
    $(id).replaceChildren(...entries.map(({cls, label, value, testid}) => h('li', {class: 'legend-item'},
        h('span', {class: `legend-swatch ${cls}`, 'aria-hidden': 'true'}), label, ' ',
        h('strong', {'data-testid': testid}, value))));
}

function renderFinished(timeline) {
    const minutes = timeline.finished;
    const totals = Object.fromEntries(OUTCOMES.map(({key}) => [key, minutes.reduce((sum, m) => sum + m[key], 0)]));
    const peak = Math.max(0, ...minutes.map((m) => m.success + m.failed + m.cancelled));
    const from = new Date(minutes[0].minute);
    const to = new Date(new Date(minutes[minutes.length - 1].minute).getTime() + 60_000);
    const chart = frame({width: $('chart-finished').clientWidth, from, to, max: niceMax(peak), testid: 'chart-finished',
        title: t('chart.finished.title'),
        description: t('chart.finished.description', {success: number(totals.success), failed: number(totals.failed),
            cancelled: number(totals.cancelled), minutes: number(minutes.length)})});
    stackedBars(chart, minutes, OUTCOMES, (minute, start) => t('chart.finished.tooltip', {time: minuteLabel(start),
        success: number(minute.success), failed: number(minute.failed), cancelled: number(minute.cancelled)}));
    $('chart-finished').replaceChildren(chart.svg);
    legend('legend-finished', OUTCOMES.map(({key}) => ({cls: `bar-${key}`, label: t(`chart.finished.${key}`),
        value: number(totals[key]), testid: `total-${key}`})));
}

function renderQueue(timeline) {
    const samples = timeline.queue;
    const to = new Date(timeline.now);
    const from = new Date(timeline.finished[0].minute);
    const peak = Math.max(0, ...samples.map((sample) => Math.max(sample.due, sample.running)));
    const last = samples[samples.length - 1];
    const chart = frame({width: $('chart-queue').clientWidth, from, to, max: niceMax(peak), testid: 'chart-queue',
        title: t('chart.queue.title'),
        description: last ? t('chart.queue.description', {due: number(last.due), running: number(last.running),
            samples: number(samples.length), seconds: number(timeline.queueSampleSeconds)}) : t('chart.queue.empty')});
    lines(chart, samples, QUEUE.map((series) => ({...series, label: t(`chart.queue.${series.key}`)})));
    $('chart-queue').replaceChildren(chart.svg);
    legend('legend-queue', QUEUE.map(({key, cls}) => ({cls, label: t(`chart.queue.${key}`),
        value: last ? number(last[key]) : '—', testid: `now-${key}`})));
    $('queue-note').textContent = t('chart.queue.note', {seconds: number(timeline.queueSampleSeconds)});
}

let last = null;

function render(timeline) {
    last = timeline;
    renderFinished(timeline);
    renderQueue(timeline);
}

export default {
    name: 'timeline',
    mount() {
        window.addEventListener('resize', debounce(() => last && render(last), 150));
    },
    async refresh() {
        render(await api('GET', `api/stats/timeline?minutes=${MINUTES}`));
    },
};
