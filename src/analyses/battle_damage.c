/* battle_damage.c — damage in a battle: shields, then damage cards, and with the damage deck the
 * face-up cards that act (the engine's deck: the kinds and counts of no_xwing_damage_deck, whose
 * texts come from issue #5, not the seeds). The steps are the engine's for one defender
 * (no_xwing_deal_damage, xwing_damage.c); here a side's ships share their player's deck (L516)
 * and each ship keeps its own face-up cards. Citations are lines of seeds/000_1d63b3a51872ba9e.txt. */
#include "battle_model.h"
#include "neverodds/xwing.h"
#include <string.h>

_Static_assert(BT_CARD_KINDS == XW_NCARDS, "bt_state.seen holds one count per kind of the deck");

void bt_state_start(const bt_model *m, bt_state *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < m->n; i++) {
        s->hp[i] = (uint8_t)m->ship[i].hp;
        s->st[i] = (uint8_t)m->ship[i].first_state;
        s->shield[i] = (uint8_t)(m->deck ? m->ship[i].shields : 0);
    }
}

int bt_deal_cards(bt_state *s, int t, uint8_t to_deal[2])
{
    while (to_deal[0] + to_deal[1] > 0 && s->hp[t]) {
        int crit = to_deal[0] == 0;
        to_deal[crit]--;
        s->hp[t]--;
        if (s->shield[t]) {
            s->shield[t]--;
            continue;
        }
        crit |= s->breach[t] > 0;
        if (!crit || !s->hp[t]) /* face down; or the card that destroys it, not drawn (nothing it
                                 * does matters to a destroyed ship) */
            continue;
        to_deal[0] = (uint8_t)(to_deal[0] + s->fuel[t]); /* face-up Fuel Leaks act, then turn face down */
        s->fuel[t] = 0;
        return 1;
    }
    return 0;
}

int bt_card_left(const bt_state *s, int side, int left[BT_CARD_KINDS])
{
    int total = 0;
    for (int k = 0; k < BT_CARD_KINDS; k++)
        total += left[k] = no_xwing_damage_deck.count[k] - s->seen[side][k];
    return total;
}

void bt_card(const bt_model *m, bt_state *s, int t, int kind, uint8_t to_deal[2])
{
    s->seen[m->ship[t].side][kind]++;
    if (kind == XW_CARD_DIRECT_HIT) /* one more hit damage; the card is repaired (face down, still dealt) */
        to_deal[0]++;
    else if (kind == XW_CARD_FUEL_LEAK)
        s->fuel[t]++;
    else if (kind == XW_CARD_HULL_BREACH)
        s->breach[t]++;
    else if (kind == XW_CARD_STRUCTURAL)
        s->st[t] = (uint8_t)m->ship[t].structural_up[s->st[t]];
}
