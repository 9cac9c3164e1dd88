/* Principal-variation collection (see pv.h). */
#include "search/pv.h"

void search_pv_update(struct search_pv *pv, int ply, int move)
{
	int n = ply + 1 < SEARCH_MAX_PLY ? pv->len[ply + 1] : 0;

	if (n > SEARCH_MAX_PLY - 2)
		n = SEARCH_MAX_PLY - 2;
	pv->move[ply][0] = move;
	for (int i = 0; i < n; i++)
		pv->move[ply][i + 1] = pv->move[ply + 1][i];
	pv->len[ply] = n + 1;
}

void search_pv_set1(struct search_pv *pv, int ply, int move)
{
	pv->move[ply][0] = move;
	pv->len[ply] = 1;
}

void search_pv_to_info(const struct search_pv *pv, struct search_info *info, int fallback)
{
	info->npv = 0;
	for (int i = 0; i < pv->len[0]; i++)
		info->pv[info->npv++] = pv->move[0][i];
	if (info->npv == 0)
		info->pv[info->npv++] = fallback;
}
