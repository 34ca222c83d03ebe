"""Load a tool script (a Python file without the .py ending, such as
tools/menagerie-netloop) as a module, so that its tests can call its
functions."""
import importlib.machinery
import importlib.util


def load_script(name, path):
    loader = importlib.machinery.SourceFileLoader(name, path)
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
