/* battle_damage.c — damage in a battle: shields, then damage cards, and with the damage deck the
 * face-up cards that act (the engine's deck: the kinds and counts of no_xwing_damage_deck, whose
 * texts come from issue #5, not the seeds). The steps are the engine's for one defender
 * (no_xwing_deal_damage, xwing_damage.c); here a side's ships share their player's deck (L516)
 * and each ship keeps its own face-up cards. Citations are lines of seeds/000_1d63b3a51872ba9e.txt. */
#include "battle_model.h"
#include "neverodds/xwing.h"
#include <string.h>

_Static_assert((int)BT_OTHER == (int)XW_CARD_OTHER && (int)BT_STRUCTURAL == (int)XW_CARD_STRUCTURAL, "run's kinds come first");
_Static_assert(BT_CARD_KINDS <= sizeof ((bt_state *)0)->seen[0], "bt_state.seen holds one count per kind");

/* The core deck's 14 cards (xwing-data2 damage-decks/core.json), by what they do in a battle
 * without movement:
 * - Direct Hit! (5), Fuel Leak (4), Hull Breach (2), Structural Damage (2): as in `run`;
 * - Console Fire (2): before the ship engages, 1 attack die; a hit (not a crit) deals it 1 hit
 *   damage;
 * - Damaged Sensor Array (2): its only action is a focus;
 * - Panicked Pilot (2): 2 stress, then repaired;
 * - Disabled Power Regulator (2): before it engages, 1 ion token; repaired after an ion maneuver;
 * - Wounded Pilot (2): after each action, 1 attack die; a hit or crit gives 1 stress;
 * - Weapons Failure (2): its attacks roll 1 die fewer; Blinded Pilot (2): its attacks' own dice
 *   are modified only by spending the Force for its default effect (both as `run`'s
 *   attacker.damage_cards: the ship attacks from the tables of its row, bt_arms);
 * - the other 6: Damaged Engine, Loose Stabilizer and Stunned Pilot (they act on maneuvers and
 *   obstacles, which a battle without movement does not have).
 * No ship repairs a card by an action (the cards' "Action: Repair this card"): each round's
 * action is a token. */
const int bt_deck_count[BT_CARD_KINDS] = {[BT_DIRECT_HIT] = 5, [BT_FUEL_LEAK] = 4, [BT_HULL_BREACH] = 2,
                                          [BT_STRUCTURAL] = 2, [BT_OTHER] = 6, [BT_CONSOLE_FIRE] = 2,
                                          [BT_SENSOR_ARRAY] = 2, [BT_PANICKED] = 2, [BT_REGULATOR] = 2,
                                          [BT_WOUNDED] = 2, [BT_WEAPONS_FAILURE] = 2, [BT_BLINDED] = 2};
const char *const bt_card_names[BT_CARD_KINDS] = {
    "Direct Hit!", "Fuel Leak", "Hull Breach", "Structural Damage", "other", "Console Fire",
    "Damaged Sensor Array", "Panicked Pilot", "Disabled Power Regulator", "Wounded Pilot", "Weapons Failure",
    "Blinded Pilot"};

/* Where bt_state.up keeps each kind that stays face up and acts at set times (-1: elsewhere). */
static const int8_t up_shift[BT_CARD_KINDS] = {-1, -1, -1, -1, -1, [BT_CONSOLE_FIRE] = 0, [BT_SENSOR_ARRAY] = 2,
                                               [BT_PANICKED] = -1, [BT_REGULATOR] = 4, [BT_WOUNDED] = 6,
                                               [BT_WEAPONS_FAILURE] = -1, [BT_BLINDED] = -1};

int bt_up(const bt_state *s, int t, int kind) { return s->up[t] >> up_shift[kind] & 3; }

void bt_state_start(const bt_model *m, bt_state *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < m->n; i++) {
        s->hp[i] = (uint8_t)m->ship[i].hp;
        s->st[i] = (uint8_t)m->ship[i].first_state;
        s->shield[i] = (uint8_t)(m->deck ? m->ship[i].shields : 0);
    }
}

int bt_deal_cards(bt_state *s, int t, uint8_t to_deal[2], const bt_hook *hook)
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
        if (!crit || !s->hp[t]) { /* face down; or the card that destroys it, not read (nothing it
                                   * does matters to a destroyed ship) */
            if (hook)
                hook->dealt(hook->ctx, t);
            continue;
        }
        to_deal[0] = (uint8_t)(to_deal[0] + s->fuel[t]); /* face-up Fuel Leaks act, then turn face down */
        s->fuel[t] = 0;
        return 1;
    }
    for (; hook && to_deal[0] + to_deal[1] > 0; to_deal[to_deal[0] == 0]--) /* past the hull (L657) */
        hook->dealt(hook->ctx, t);
    return 0;
}

int bt_card_left(const bt_model *m, const bt_state *s, int side, int left[BT_CARD_KINDS])
{
    int total = 0;
    for (int k = 0; k < BT_CARD_KINDS; k++)
        total += left[k] = m->deck_count[side][k] - s->seen[side][k];
    return total;
}

void bt_card(const bt_model *m, bt_state *s, int t, int kind, uint8_t to_deal[2])
{
    s->seen[m->ship[t].side][kind]++;
    if (kind == BT_DIRECT_HIT) /* one more hit damage; the card is repaired (face down, still dealt) */
        to_deal[0]++;
    else if (kind == BT_FUEL_LEAK)
        s->fuel[t]++;
    else if (kind == BT_HULL_BREACH)
        s->breach[t]++;
    else if (kind == BT_STRUCTURAL)
        s->st[t] = (uint8_t)m->ship[t].structural_up[s->st[t]];
    else if (kind == BT_PANICKED) /* then repaired */
        s->stress[t] = (uint8_t)(s->stress[t] + 2);
    else if (kind == BT_WEAPONS_FAILURE)
        s->arms[t] = (uint8_t)(s->arms[t] + 1);
    else if (kind == BT_BLINDED)
        s->arms[t] = (uint8_t)(s->arms[t] + 4);
    else if (up_shift[kind] >= 0)
        s->up[t] = (uint8_t)(s->up[t] + (1 << up_shift[kind]));
}

int bt_before_engage(const bt_model *m, bt_state *s, int t)
{
    for (int k = bt_up(s, t, BT_REGULATOR); k > 0; k--)
        s->st[t] = (uint8_t)m->ship[t].ion_up[s->st[t]];
    return bt_up(s, t, BT_CONSOLE_FIRE);
}

int bt_round_start(const bt_model *m, bt_state *s, int t)
{
    const bt_ship *sh = &m->ship[t];
    int x = s->st[t];
    if (s->stress[t])
        s->stress[t]--;
    if (sh->state[x].ion >= sh->ion_threshold) /* an ion maneuver: the regulators are repaired */
        s->up[t] = (uint8_t)(s->up[t] & ~(3 << up_shift[BT_REGULATOR]));
    int mode = s->stress[t] ? BT_ACT_NONE : bt_up(s, t, BT_SENSOR_ARRAY) ? BT_ACT_FOCUS : BT_ACT_ANY;
    s->st[t] = (uint8_t)sh->round_start[mode][x];
    return sh->acted[x] >> mode & 1 ? bt_up(s, t, BT_WOUNDED) : 0;
}
