import Foundation
import PackagePlugin

/// Generates the `Giro` module's country registry from its dependencies: every target under `Countries/` it depends
/// on is one country plug-in (module `GiroBelgium` declares `public enum Belgium` with a `descriptor`). So the
/// package manifest's `countries` list is the only place outside a country's folder that names the country.
@main
struct CountryRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let countries = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let t) = dependency,
                  t.directory.removingLastComponent().lastComponent == "Countries" else { return nil }
            return t.name
        }
        let output = context.pluginWorkDirectory.appending("CountryRegistry+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating the country registry (\(countries.count) countries)",
                executable: try context.tool(named: "GiroRegistryGenerator").path,
                arguments: [output.string] + countries,
                inputFiles: [],
                outputFiles: [output]
            ),
        ]
    }
}
