import GiroCore

/// The Kosovar plug-in: everything it contributes to the engine (README.md beside this file).
public enum Kosovo {
    public static let descriptor = CountryDescriptor(
        code: "XK", name: "Kosovo",
        formats: [KosovoKosGiro()],
        slipTemplates: KosovarSlipTemplates.files.map { SlipTemplateFile(name: $0.name, bytes: $0.bytes) },
        extrasKeys: ["xk.customerNumber", "xk.raw"]
    )
}
