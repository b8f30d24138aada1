import GiroGermany
import GiroTestSupport

/// Decode helpers and this format's fixtures (see `PluginFixtures`).
let BC = PluginFixtures(BezahlCode(), directory: "de.bezahlcode")

