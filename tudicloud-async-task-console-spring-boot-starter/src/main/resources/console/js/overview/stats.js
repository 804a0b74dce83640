/*
 * The queue card: a tile per status (a click filters the table by it), the age of the oldest due task
 * and the leases awaiting recovery. Reads GET /api/stats (each status counted up to the server's list limit, shown
 * as "10,000+" beyond it); also fills the task type suggestions.
 *
 * Text only through textContent: tiles and figures are text nodes.
 */
import {api} from '../api.js';
import {$, h} from '../dom.js';
import {emit} from '../events.js';
import {duration, number} from '../format.js';
import {t} from '../i18n.js';
import {STATUSES, session, state} from '../state.js';
import {statusLabel} from '../widgets.js';

function render(stats) {
    let total = 0;
    // a status the server counted up to its limit only shows as "10,000+"
    const capped = new Set(stats.capped || []);
    $('stats').replaceChildren(...STATUSES.map((status) => {
        const count = (stats.byStatus && stats.byStatus[status]) || 0;
        total += count;
        const active = state.statuses.size === 1 && state.statuses.has(status);
        return h('button', {
            type: 'button', class: `stat stat-${status}${active ? ' stat-active' : ''}`, id: `stat-${status}`,
            'data-testid': `stat-${status}`, title: t('stats.showOnly', {status: statusLabel(status)}),
            'aria-pressed': active ? 'true' : 'false',
            onclick: () => {
                state.statuses = active ? new Set() : new Set([status]);
                emit('filters:changed');
                render(stats);
            },
        }, h('span', {class: 'stat-count', 'data-testid': 'count'}, capped.has(status) ? `${number(count)}+` : number(count)),
            h('span', {class: 'stat-label'}, statusLabel(status)));
    }));
    $('stats-total').textContent = t('stats.total', {total: capped.size ? `${number(total)}+` : number(total), count: total});
    const oldest = stats.oldestDueQueuedAgeMs;
    const waiting = oldest !== null && oldest !== undefined;
    $('oldest-due').textContent = waiting ? duration(oldest) : t('stats.noneWaiting');
    $('metric-oldest').classList.toggle('metric-warn', waiting && oldest > 60_000);
    $('expired-leases').textContent = number(stats.expiredLeases);
    $('metric-expired').classList.toggle('metric-warn', stats.expiredLeases > 0);
    suggestTaskTypes(Object.keys(stats.byType || {}));
}

/** The task type filter suggests every type the table holds and every type the user may submit. */
function suggestTaskTypes(seen) {
    const sorted = [...new Set([...session.me.submittableTaskTypes, ...seen])].sort();
    const list = $('task-types');
    if (list.dataset.types !== sorted.join('\n')) {
        list.dataset.types = sorted.join('\n');
        list.replaceChildren(...sorted.map((type) => h('option', {value: type})));
    }
}

export default {
    name: 'stats',
    async refresh() {
        render(await api('GET', 'api/stats'));
    },
};
