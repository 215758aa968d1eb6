/*
 * upcr_sync_common.c - what barriers check, the same on every backend:
 * the verdict on a completed phase from the threads' notify records, and
 * thread lists for reports.
 */
#include "upcr_internal.h"

#include <stdio.h>
#include <stdlib.h>

void upcr_thread_list(char *buf, size_t len, const int *set, int n)
{
	size_t o = 0;
	buf[0] = 0;
	for (int i = 0; i < n && o < len; i++) {
		int j = i;
		while (j + 1 < n && set[j + 1] == set[j] + 1)
			j++;
		if (j - i >= 2)
			o += (size_t)snprintf(buf + o, len - o, "%s%d-%d", o ? "," : "", set[i], set[j]);
		else
			for (int k = i; k <= j && o < len; k++)
				o += (size_t)snprintf(buf + o, len - o, "%s%d", o ? "," : "", set[k]);
		i = j;
	}
}

/* The check of a completed barrier phase from every thread's notify
 * record (6.6.1 semantic 7, and the start-up and termination barriers'
 * values outside int): NULL if it passes, else the report's kind, with
 * the message, the thread to blame (-1 for none) and the location.  Sets
 * the consensus of the notify ids for upc_wait. */
const char *upcr_phase_verdict(uint32_t p, char *msg, size_t msglen, int *badp, upcr_loc_t *locp)
{
	upcr_ctl_t *c = upcr_ctl_;
	int T = upcr_threads_;
	int *exitset = calloc((size_t)T, sizeof(int)), *userset = calloc((size_t)T, sizeof(int));
	int nexit = 0, nuser = 0;
	const char *kind = NULL;
	int bad = -1;
	upcr_loc_t loc = UPCR_NOLOC;
	for (int t = 0; t < T; t++) {
		if (c->thr[t].n_kind[p] == UPCR_BK_EXIT)
			exitset[nexit++] = t;
		else
			userset[nuser++] = t;
	}
	if (nexit > 0 && nuser > 0) {
		char who[200], where[256];
		size_t o = (size_t)snprintf(msg, msglen, "deadlock: ");
		int *done = calloc((size_t)T, sizeof(int)), *grp = calloc((size_t)T, sizeof(int));
		for (int i = 0; i < nuser; i++) {
			if (done[i])
				continue;
			int ng = 0;
			for (int j = i; j < nuser; j++)
				if (!done[j] && c->thr[userset[j]].n_loc[p] == c->thr[userset[i]].n_loc[p] &&
				    c->thr[userset[j]].n_kind[p] == c->thr[userset[i]].n_kind[p]) {
					grp[ng++] = userset[j];
					done[j] = 1;
				}
			upcr_thread_list(who, sizeof who, grp, ng);
			upcr_format_loc(where, sizeof where, c->thr[userset[i]].n_loc[p]);
			o += (size_t)snprintf(msg + o, msglen - o, "%s%s %s %s at %s (%s)", i ? "; " : "",
					      ng > 1 ? "threads" : "thread", who, ng > 1 ? "wait" : "waits",
					      c->thr[userset[i]].n_kind[p] == UPCR_BK_START ? "startup barrier" : "barrier",
					      where);
			if (o >= msglen)
				break;
		}
		free(done);
		free(grp);
		upcr_thread_list(who, sizeof who, exitset, nexit);
		if (o < msglen)
			snprintf(msg + o, msglen - o, "; %s %s exited", nexit > 1 ? "threads" : "thread", who);
		kind = "deadlock";
		loc = c->thr[userset[0]].n_loc[p];
	}
	int have = 0, cons = 0, best = 0;
	for (int t = 0; t < T && !kind; t++) {
		if (!c->thr[t].n_hasid[p])
			continue;
		int v = c->thr[t].n_id[p], cnt = 0;
		for (int u = 0; u < T; u++)
			if (c->thr[u].n_hasid[p] && c->thr[u].n_id[p] == v)
				cnt++;
		if (!have || cnt > best) {
			have = 1;
			cons = v;
			best = cnt;
		}
	}
	if (have && !kind) {
		int nodd = 0, nagree = 0, odd0 = -1;
		int *agree = userset; /* reused */
		for (int t = 0; t < T; t++) {
			if (!c->thr[t].n_hasid[p])
				continue;
			if (c->thr[t].n_id[p] != cons) {
				if (nodd++ == 0)
					odd0 = t;
			} else
				agree[nagree++] = t;
		}
		if (nodd > 0) {
			char who[200], where[256], where2[256];
			upcr_thread_list(who, sizeof who, agree, nagree);
			upcr_format_loc(where, sizeof where, c->thr[odd0].n_loc[p]);
			upcr_format_loc(where2, sizeof where2, c->thr[agree[0]].n_loc[p]);
			snprintf(msg, msglen,
				 "barrier id mismatch: thread %d waited with id %d while %s %s notified %d, at %s "
				 "(they notified at %s)",
				 odd0, c->thr[odd0].n_id[p], nagree > 1 ? "threads" : "thread", who, cons, where, where2);
			kind = "barrier-mismatch";
			bad = odd0;
			loc = c->thr[odd0].n_loc[p];
		}
	}
	free(exitset);
	free(userset);
	c->bar_cons_hasid[p] = have;
	c->bar_cons_id[p] = cons;
	*badp = bad;
	*locp = loc;
	return kind;
}
