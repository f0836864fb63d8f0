/* fuzz_scenario.c — libFuzzer harness: the bytes as a scenario file's text, through
 * no_scenario_parse (every game's reader, the abilities and unit libraries it opens). */
#include "fuzz_common.h"
#include "neverodds/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    no_scenario *sc = malloc(sizeof *sc); /* large: not on the stack (as tests/helpers.h) */
    char err[NO_ERR_LEN];
    if (!sc)
        abort();
    err[0] = '\0';
    if (fuzz_skip_known(text))
        ; /* FUZZ_SKIP_KNOWN=1 */
    else if (no_scenario_parse(text, "fuzz.json", sc, err, sizeof err))
        fuzz_check_err("no_scenario_parse", err, sizeof err);
    free(sc); /* a plain struct: nothing inside it is allocated */
    free(text);
    return 0;
}
