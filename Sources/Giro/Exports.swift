// One import for users: `import Giro` brings the record model, validators and every plug-in.
@_exported import GiroCore
@_exported import GiroSEPA
@_exported import GiroSwitzerland
@_exported import GiroImaging
