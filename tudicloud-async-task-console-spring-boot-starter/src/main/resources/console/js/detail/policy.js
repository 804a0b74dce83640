/*
 * The task type's policy in the task detail: attempts, retry backoff, time limit and what a timeout does,
 * default priority, concurrency limit, rate limit, exceptions not retried, as GET /api/task-types/policies reports them.
 * The policies are fixed while the server runs: loaded once, and again only after a failed load.
 *
 * Text only through textContent: built with h(); class names and numbers are text nodes.
 */
import {api} from '../api.js';
import {h} from '../dom.js';
import {duration} from '../format.js';
import {t} from '../i18n.js';
import {fields, section} from './fields.js';

let byType = null;
let loading = null;

/** Loads the policies once; a failure leaves the section out until a later call succeeds. */
export function loadPolicies() {
    if (byType) {
        return Promise.resolve(byType);
    }
    if (!loading) {
        loading = api('GET', 'api/task-types/policies')
            .then((list) => {
                byType = new Map(list.map((p) => [p.taskType, p]));
                return byType;
            })
            .catch(() => new Map())
            .finally(() => {
                loading = null;
            });
    }
    return loading;
}

const mono = (text) => h('span', {class: 'mono'}, text);

export function policy(task) {
    const p = byType && byType.get(task.taskType);
    if (!p) {
        return null;
    }
    const backoff = t('policy.backoffValue', {initial: duration(p.initialBackoffMs), multiplier: p.backoffMultiplier,
        max: duration(p.maxBackoffMs), jitter: Math.round(p.jitter * 100)});
    const nonRetryable = p.nonRetryable.length || p.nonRetryableTest
        ? h('span', null, p.nonRetryable.map((name, i) => [i ? ', ' : '', mono(name)]),
            p.nonRetryableTest ? `${p.nonRetryable.length ? ', ' : ''}${t('policy.nonRetryableTest')}` : '')
        : t('policy.everyException');
    return section('policy.title', 'detail-policy', fields(
        ['policy.maxAttempts', String(p.maxAttempts), 'policy-max-attempts'],
        ['policy.defaultPriority', String(p.defaultPriority), 'policy-default-priority'],
        ['policy.backoff', backoff, 'policy-backoff'],
        ['policy.maxExecutionTime', t(p.timeoutAction === 'FAIL' ? 'policy.timeoutFails' : 'policy.timeoutRetries',
            {time: duration(p.maxExecutionTimeMs)}), 'policy-max-execution-time'],
        ['policy.concurrencyLimit', p.concurrencyLimit === null ? t('policy.noLimit') : String(p.concurrencyLimit),
            'policy-concurrency-limit'],
        ['policy.rateLimit', p.rateLimit === null ? t('policy.noLimit')
            : t('policy.rateLimitValue', {starts: p.rateLimit, period: duration(p.rateLimitPeriodMs)}), 'policy-rate-limit'],
        ['policy.nonRetryable', nonRetryable, 'policy-non-retryable'],
        p.handledHere ? null : ['policy.note', t('policy.notHandledHere'), 'policy-not-handled-here']));
}
