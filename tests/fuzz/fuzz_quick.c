/* fuzz_quick.c — libFuzzer harness: "GAME\nNOTATION" through no_quick_json, and the JSON it
 * makes through no_scenario_parse. Input without a newline: the whole of it is the game and the
 * notation is empty. */
#include "fuzz_common.h"
#include "neverodds/games.h"
#include "neverodds/quick.h"
#include "neverodds/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *nl = strchr(text, '\n');
    const char *game = text, *spec = "";
    if (nl) {
        *nl = '\0';
        spec = nl + 1;
    }
    char *json = NULL;
    char err[NO_ERR_LEN];
    err[0] = '\0';
    if (no_quick_json(game, spec, &json, err, sizeof err)) {
        fuzz_check_err("no_quick_json", err, sizeof err);
        if (json) {
            fprintf(stderr, "fuzz: no_quick_json failed but left *json set\n");
            abort();
        }
    } else {
        if (!json) {
            fprintf(stderr, "fuzz: no_quick_json succeeded without a JSON text\n");
            abort();
        }
        no_scenario *sc = malloc(sizeof *sc);
        if (!sc)
            abort();
        err[0] = '\0';
        if (fuzz_skip_known(json))
            ; /* FUZZ_SKIP_KNOWN=1 */
        else if (no_scenario_parse(json, "quick", sc, err, sizeof err)) /* out-of-range numbers end here */
            fuzz_check_err("no_scenario_parse (quick JSON)", err, sizeof err);
        free(sc);
        free(json);
    }
    free(text);
    return 0;
}
