/*
 * The tudicloud async-task web console: a static page over the REST API (api/ beside the page), native ES modules,
 * no framework and no build step. This module starts it: the language, the user, the views, the refresh
 * loop. The view state lives in the URL fragment (state.js), so a reload shows the same view.
 *
 * Text only through textContent: nowhere in the console does data reach innerHTML; payloads, owners,
 * errors and problem details are user input and are shown as text.
 */
import {api, logout} from './api.js';
import {$} from './dom.js';
import {emit} from './events.js';
import {setServerZone} from './format.js';
import {bindLanguageSwitch, t, translate} from './i18n.js';
import {bindNotice, notify} from './notice.js';
import {startRefreshing} from './refresh.js';
import {readHash, session, state} from './state.js';
import {syncFilterInputs} from './tasks/filters.js';
import views from './views.js';

function showUser(me) {
    $('user-name').textContent = me.username;
    $('user-initial').textContent = (me.username || '?').slice(0, 1).toUpperCase();
    $('user-role').textContent = t(me.canOperate ? 'user.operator' : 'user.viewer');
    $('user-role').classList.toggle('role-operator', me.canOperate);
}

/** The logout button, where the application has a logout for the console to post to. */
function bindLogout(logoutUrl) {
    $('logout').hidden = !logoutUrl;
    if (logoutUrl) {
        $('logout').addEventListener('click', () => logout(logoutUrl));
    }
}

function followHashChanges() {
    window.addEventListener('hashchange', () => {
        readHash();
        syncFilterInputs();
        emit(state.detailId ? 'task:open' : 'task:close', state.detailId);
        emit(state.batchId ? 'batch:open' : 'batch:close', state.batchId);
        emit('refresh:now');
    });
}

async function start() {
    translate(document);
    document.title = t('app.title');
    bindLanguageSwitch($('language'));
    bindNotice();
    readHash();
    try {
        session.me = await api('GET', 'api/me');
    } catch (e) {
        if (e.status !== 401) {
            notify(t('error.me', {detail: e.detail}), 'error');
        }
        return;
    }
    setServerZone(session.me.serverTimeZone);
    showUser(session.me);
    bindLogout(session.me.logoutUrl);
    for (const view of views) {
        view.mount?.();
    }
    followHashChanges();
    document.body.dataset.ready = 'true';
    await startRefreshing(views);
}

start();
