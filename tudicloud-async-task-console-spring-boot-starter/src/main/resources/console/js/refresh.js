/*
 * The refresh loop: every two seconds while auto-refresh is on and the tab is visible, each view loads
 * its data (in parallel); right away after an action. The state line in the top bar says when the last
 * round finished or why it failed.
 *
 * Text only through textContent: the state line is set with textContent.
 */
import {isLeaving} from './api.js';
import {$} from './dom.js';
import {on} from './events.js';
import {shortTime} from './format.js';
import {t} from './i18n.js';
import {state, writeHash} from './state.js';

const INTERVAL_MS = 2000;

let views = [];
let timer = null;
let running = false;
let lastRound = null;
let lastFailure = null;
let rounds = 0;

function schedule() {
    clearTimeout(timer);
    timer = null;
    // a tab in the background does not poll; it catches up when it is shown again
    if (state.auto && !isLeaving() && !document.hidden) {
        timer = setTimeout(refresh, INTERVAL_MS);
    }
}

function renderState() {
    const line = $('refresh-state');
    line.classList.toggle('refresh-failed', Boolean(lastFailure));
    if (lastFailure) {
        line.textContent = t('refresh.failed', {detail: lastFailure});
    } else if (lastRound) {
        line.textContent = t(state.auto ? 'refresh.updated' : 'refresh.paused', {time: shortTime(lastRound.toISOString())});
    }
}

async function refresh() {
    if (running) {
        return;
    }
    running = true;
    clearTimeout(timer);
    try {
        const results = await Promise.allSettled(views.filter((view) => view.refresh).map((view) => view.refresh()));
        const failed = results.find((result) => result.status === 'rejected');
        lastFailure = failed ? (failed.reason && failed.reason.detail) || t('error.unknown') : null;
        lastRound = new Date();
        renderState();
        rounds += 1;
        document.body.dataset.refreshes = String(rounds);   // lets tests wait for a round
    } finally {
        running = false;
        schedule();
    }
}

/** Refreshes as soon as possible: after the running round, if one runs (it may have read before a change). */
export function refreshNow() {
    if (running) {
        setTimeout(refreshNow, 100);
        return;
    }
    refresh();
}

/** Starts the loop over these views, bound to the auto-refresh switch and the tab's visibility. */
export function startRefreshing(allViews) {
    views = allViews;
    const toggle = $('auto-refresh');
    toggle.checked = state.auto;
    toggle.addEventListener('change', () => {
        state.auto = toggle.checked;
        writeHash();
        schedule();
        renderState();
    });
    document.addEventListener('visibilitychange', () => {
        if (!document.hidden && state.auto && !isLeaving()) {
            refreshNow();
        }
    });
    on('refresh:now', refreshNow);
    return refresh();
}
